import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * Subtitles in words under the node's name on the canvas ("Create user", "Add members to
 * department", "New praise"). A subtitle is an expression the editor evaluates with `$parameter`
 * only, which holds option values (`addMembers`), not their names: so the words are looked up in a
 * table built here from the description itself, and the expression falls back to the raw value
 * for anything the table does not know.
 */
function lookup(table: Record<string, string>, key: string, fallback: string): string {
	// A flat table of strings: its JSON never contains `}}`, which would end the expression.
	return `={{ (${JSON.stringify(table)})[${key}] || ${fallback} }}`;
}

function sentence(words: string): string {
	const lower = words.toLowerCase();
	return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const optionsOf = (property: INodeProperties) =>
	(property.options ?? []).filter((option): option is INodePropertyOptions => 'value' in option);

/** Each operation's `action` ("Add members to a department") without its articles. */
export function operationSubtitle(properties: INodeProperties[]): string {
	const table: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation' || property.type !== 'options') continue;
		const resources = (property.displayOptions?.show?.resource ?? []) as string[];
		for (const option of optionsOf(property)) {
			if (!option.action) continue;
			const words = option.action.replace(/\b(?:a|an|the) /gi, '');
			for (const resource of resources) table[`${resource}:${String(option.value)}`] = sentence(words);
		}
	}
	return lookup(table, '$parameter["resource"] + ":" + $parameter["operation"]', '$parameter["operation"]');
}

/** The name of the option chosen in an options parameter ("New Praise" → "New praise"). */
export function optionSubtitle(properties: INodeProperties[], name: string): string {
	const property = properties.find((candidate) => candidate.name === name && candidate.type === 'options');
	if (!property) return `={{ $parameter["${name}"] }}`;
	const table = Object.fromEntries(optionsOf(property).map((option) => [String(option.value), sentence(option.name)]));
	return lookup(table, `$parameter["${property.name}"]`, `$parameter["${property.name}"]`);
}
