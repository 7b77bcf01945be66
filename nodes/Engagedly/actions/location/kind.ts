import type { FlatKind } from '../flatRecord';
import { flatOperations } from '../flatRecord';

export const locationKind: FlatKind = {
	resource: 'location',
	path: '/locations',
	noun: 'location',
	plural: 'locations',
	locatorName: 'locationId',
	searchListMethod: 'searchLocations',
	fields: [
		{
			name: 'addressLine1',
			wire: 'address_line1',
			displayName: 'Address Line 1',
			description: 'Street and number',
		},
		{
			name: 'addressLine2',
			wire: 'address_line2',
			displayName: 'Address Line 2',
			description: 'Building, floor or suite',
		},
		{ name: 'city', wire: 'city', displayName: 'City', description: 'City of the location' },
		{
			name: 'state',
			wire: 'state',
			displayName: 'State',
			description: 'State, province or region',
		},
		{
			name: 'country',
			wire: 'country',
			displayName: 'Country',
			description: 'Country of the location',
		},
		{
			name: 'postalCode',
			wire: 'postal_code',
			displayName: 'Postal Code',
			description: 'Postal or ZIP code',
		},
	],
};

/** Built once; each operation file picks its own. */
export const locationOperations = flatOperations(locationKind);
