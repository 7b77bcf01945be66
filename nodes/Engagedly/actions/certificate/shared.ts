import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../descriptions/common';

export const certificateLocator = (): INodeProperties =>
	resourceLocator({
		name: 'certificateId',
		displayName: 'Certificate',
		noun: 'certificate',
		searchListMethod: 'searchCertificates',
	});
