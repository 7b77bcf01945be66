import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { methods } from './methods';
import { optionSubtitle } from './subtitle';
import { poll, triggerProperties } from './trigger';

/**
 * Engagedly has no webhooks: this trigger polls, and keeps what it has seen in the workflow's static data.
 *
 * Its type name is not the action node's plus "Trigger": n8n's node creator merges a node
 * `x` and a trigger `xTrigger` into one entry that shows the trigger's description, also when
 * a builder is adding an action. Under their own names each node shows its own description.
 * Its display name is "Engagedly Events Trigger": the creator drops " Trigger" from a trigger's
 * name, and "Engagedly" twice could not be told apart.
 */
export class EngagedlyEventsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Engagedly Events Trigger',
		name: 'engagedlyEventsTrigger',
		icon: { light: 'file:../../icons/engagedly.svg', dark: 'file:../../icons/engagedly.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: optionSubtitle(triggerProperties, 'event'),
		description: 'Starts the workflow when a praise is posted or a user is added, deactivated, activated or updated in Engagedly',
		defaults: { name: 'Engagedly Events Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'engagedlyApi', required: true }],
		properties: triggerProperties,
	};

	methods = methods;

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await poll.call(this);
	}
}
