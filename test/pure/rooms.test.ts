/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the package's own sources (fs, __dirname) to check which room imports which */
/**
 * The house's arrows, from the imports themselves (docs/architecture.md, "Arrows";
 * CONTRIBUTING.md, "Layout"): `trigger/` and `actions/` never import each other (what both use
 * lives below both), an operation file is a leaf that only its resource's router table
 * (`index.ts`) imports, and the transport imports nothing above it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../nodes/Engagedly');

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sources(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** Every relative import as [importer, imported], both relative to nodes/Engagedly. */
const arrows: Array<[string, string]> = sources(ROOT).flatMap((file) =>
	[...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s+'(\.[^']+)'/g)].map(([, spec]): [string, string] => [
		path.relative(ROOT, file),
		path.relative(ROOT, path.resolve(path.dirname(file), spec)),
	]),
);

const room = (file: string) => file.split(path.sep)[0];

describe('rooms and arrows', () => {
	it('reads the imports (the check below is not vacuous)', () => {
		expect(arrows.length).toBeGreaterThan(200);
		expect(arrows.some(([from, to]) => room(from) === 'trigger' && room(to) === 'praises')).toBe(true);
	});

	it.each([
		['trigger', 'actions'],
		['actions', 'trigger'],
	])('%s/ imports nothing from %s/', (from, to) => {
		expect(arrows.filter(([a, b]) => room(a) === from && room(b) === to)).toEqual([]);
	});

	it('an operation file is imported only by its resource\'s index.ts', () => {
		const strays = arrows.filter(([from, to]) => to.endsWith('.operation') && from !== path.join(path.dirname(to), 'index.ts'));
		expect(strays).toEqual([]);
	});

	it('the transport imports nothing above it', () => {
		const above = ['actions', 'trigger', 'methods', 'parameters', 'people', 'descriptions', 'praises'];
		expect(arrows.filter(([from, to]) => room(from) === 'transport' && above.includes(room(to)))).toEqual([]);
	});
});
