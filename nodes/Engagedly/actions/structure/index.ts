import { business, department, jobTitle, location } from './kinds';
import { memberGroupResource } from './memberGroups';
import { textRecordResource } from './textRecords';

export const departmentResource = memberGroupResource(department);
export const businessResource = memberGroupResource(business);
export const locationResource = textRecordResource(location);
export const jobTitleResource = textRecordResource(jobTitle);
