/** Every route the simulator serves, in one table for the router. */
import type { Route } from '../router';
import { certificateRoutes } from './certificates';
import { learningRoutes } from './learning';
import { jobTitleRoutes, locationRoutes } from './numbered';
import { businessRoutes, departmentRoutes } from './orgUnits';
import { permissionRoutes } from './permissions';
import { praiseRoutes } from './praises';
import { userAttributeRoutes, userRoutes } from './users';

export const allRoutes: Route[] = [
	...userAttributeRoutes,
	...userRoutes,
	...departmentRoutes,
	...businessRoutes,
	...locationRoutes,
	...jobTitleRoutes,
	...permissionRoutes,
	...praiseRoutes,
	...learningRoutes,
	...certificateRoutes,
];
