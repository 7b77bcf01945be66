import { jobTitleOperations } from './kind';

export const { description, execute } = jobTitleOperations.create;
