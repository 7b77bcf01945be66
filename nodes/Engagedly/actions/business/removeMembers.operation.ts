import { businessOperations } from './kind';

export const { description, execute } = businessOperations.removeMembers;
