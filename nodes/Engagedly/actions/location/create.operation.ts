import { locationOperations } from './kind';

export const { description, execute } = locationOperations.create;
