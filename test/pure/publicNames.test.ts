/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads CHANGELOG.md beside the sources (fs, __dirname) */
/**
 * The names 0.1.0 makes public, as CHANGELOG lists them, against the nodes themselves: a saved
 * workflow holds every parameter (and each field inside a collection) by its name, so a name
 * added, renamed or dropped must be written down there first.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { EngagedlyApi } from '../../credentials/EngagedlyApi.credentials';
import { OUTCOME_FIELDS, OUTCOMES } from '../../nodes/Engagedly/actions/user/sync/report';
import { Engagedly } from '../../nodes/Engagedly/Engagedly.node';
import { EngagedlyEventsTrigger } from '../../nodes/Engagedly/EngagedlyEventsTrigger.node';

type Property = INodeProperties | INodePropertyCollection | INodePropertyOptions;

const changelog = fs.readFileSync(path.join(__dirname, '../../CHANGELOG.md'), 'utf8');
const section = changelog.slice(changelog.indexOf('### Names this release makes public'));

/** The backticked names of the section's bullet that starts with `lead`. */
function listed(lead: string): string[] {
	const bullet = section.split('\n- ').find((text) => text.startsWith(lead));
	if (!bullet) throw new Error(`CHANGELOG has no bullet "${lead}"`);
	return [...bullet.replace(/\n\n[\s\S]*$/, '').matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/** Every name a saved workflow can hold: the parameters and, inside collections, their fields. */
function parameterNames(properties: Property[], names = new Set<string>()): Set<string> {
	for (const property of properties) {
		if ('type' in property) names.add(property.name);
		if ('values' in property) {
			names.add(property.name);
			parameterNames(property.values, names);
		}
		const isCollection = 'type' in property && (property.type === 'collection' || property.type === 'fixedCollection');
		if (isCollection && property.options) parameterNames(property.options as Property[], names);
	}
	return names;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

test('the node types and the credential are the ones listed', () => {
	const types = [new Engagedly().description.name, new EngagedlyEventsTrigger().description.name].map((name) => `n8n-nodes-engagedly.${name}`);
	expect(listed('Node types')).toEqual(types);
	const credential = new EngagedlyApi();
	expect(listed('Credential')).toEqual([credential.name, ...credential.properties.map((property) => property.name)]);
});

test.each([
	['Engagedly node parameters', () => new Engagedly().description.properties],
	['Engagedly Events Trigger parameters', () => new EngagedlyEventsTrigger().description.properties],
])('%s are every name the node saves, and no other', (lead, properties) => {
	expect(sorted(listed(lead))).toEqual(sorted(parameterNames(properties())));
});

test("every key and outcome Sync's report writes is listed", () => {
	const output = listed('Output keys');
	expect([...Object.keys(OUTCOME_FIELDS), ...OUTCOMES].filter((name) => !output.includes(name))).toEqual([]);
});
