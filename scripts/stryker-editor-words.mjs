// A StrykerJS ignorer (stryker.config.json, "ignorers"): leaves out the mutants of the editor's
// words, the texts n8n shows beside a parameter or an option (its label, description, placeholder,
// hint, an option's name and action). No run of the node reads them; the editor suite shows them.
// Only inside a parameter (an object with `displayName`) or an option (an object with `value`):
// an error's `description`, which the suites do check, is neither. A parameter's `name`, `type`,
// `default` and `displayOptions`, and an option's `value`, are behaviour and stay mutated.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const WORDS = new Set(['displayName', 'description', 'placeholder', 'hint', 'action']);

const keyOf = (property) => (property.key.type === 'Identifier' ? property.key.name : property.key.value);

function isWords(path) {
	if (!path.isObjectProperty() || path.node.computed) return false;
	// Written here, not computed: a picker's entries named from Engagedly's answers are behaviour.
	if (!['StringLiteral', 'TemplateLiteral'].includes(path.node.value.type)) return false;
	const object = path.parentPath;
	if (!object?.isObjectExpression()) return false;
	const keys = new Set(object.node.properties.filter((p) => p.type === 'ObjectProperty' && !p.computed).map(keyOf));
	const key = keyOf(path.node);
	if (keys.has('value')) return WORDS.has(key) || key === 'name';
	return keys.has('displayName') && WORDS.has(key);
}

export const strykerPlugins = [
	declareValuePlugin(PluginKind.Ignore, 'editorWords', {
		shouldIgnore: (path) => (isWords(path) ? 'The editor’s words (a label, description, placeholder, hint or option name): no run reads them' : undefined),
	}),
];
