import { departmentOperations } from './kind';

export const { description, execute } = departmentOperations.removeMembers;
