/**
 * Every field of the node that names people takes them one way: the picker of Add Members and
 * Manager (from the searchable list, by email, by ID), never a free-text box where a typed name
 * reaches Engagedly as an ID. Read off the node's own description, so a people field added later
 * as text fails here. That the picker works in the editor is test/editor/create.spec.ts's.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Engagedly } from '../../nodes/Engagedly/Engagedly.node';

/** Every property of the node, collections' and fixed collections' fields included, with where it sits. */
function everyProperty(properties: INodeProperties[], path = ''): Array<{ path: string; property: INodeProperties }> {
	return properties.flatMap((property) => {
		const here = `${path}${property.displayName}`;
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option) return everyProperty(option.values, `${here} → `);
			return 'type' in option ? everyProperty([option as INodeProperties], `${here} → `) : [];
		});
		return [{ path: here, property }, ...nested];
	});
}

const properties = everyProperty(new Engagedly().description.properties);

/**
 * The user picker of a people field (each row of a peoplePicker, or each entry of a peopleList
 * inside a collection, where n8n keeps only a list): its modes as the editor offers them.
 */
function pickerModes(property: INodeProperties): string[] | undefined {
	const inCollection = property.type === 'resourceLocator' && property.typeOptions?.multipleValues === true;
	const locator = inCollection ? property : property.type === 'fixedCollection' ? (property.options as Array<{ values: INodeProperties[] }>)[0].values[0] : undefined;
	if (locator?.type !== 'resourceLocator') return undefined;
	const list = locator.modes?.find((mode) => mode.name === 'list');
	return list?.typeOptions?.searchListMethod === 'searchUsers' ? locator.modes!.map((mode) => mode.displayName) : undefined;
}

test.each([
	['HR Managers', 'hrManagers', ['Additional Fields → HR Managers', 'Update Fields → HR Managers']],
	['Secondary Managers', 'secondaryManagers', ['Additional Fields → Secondary Managers', 'Update Fields → Secondary Managers']],
	['department and business Members', 'members', ['Members', 'Update Fields → Members', 'Users to Add', 'Users to Remove']],
	['learning-resource Authors', 'authors', ['Filters → Authors']],
])('%s: every one a picker (from the list, by email, by ID)', (_what, name, places) => {
	const found = properties.filter(({ property }) => property.name === name);
	expect(new Set(found.map(({ path }) => path))).toEqual(new Set(places));
	for (const { path, property } of found) expect([path, pickerModes(property)]).toEqual([path, ['From List', 'By ID', 'By Email']]);
	// n8n drops an empty fixedCollection from a collection when another of its fields changes.
	for (const { path, property } of found) expect([path, path.includes(' → ') ? 'list' : 'picker']).toEqual([path, property.type === 'fixedCollection' ? 'picker' : 'list']);
});

test('the only fields taking several texts are the learning filters of words (tags, languages), no people', () => {
	const freeTextLists = properties.filter(({ property }) => property.type === 'string' && property.typeOptions?.multipleValues).map(({ path }) => path);
	expect(new Set(freeTextLists)).toEqual(new Set(['Filters → Languages', 'Filters → Tags']));
});
