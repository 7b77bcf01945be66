import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../descriptions/common';

export const userLocator = (displayName = 'User', name = 'userId'): INodeProperties =>
	resourceLocator({ name, displayName, noun: 'user', searchListMethod: 'searchUsers' });
