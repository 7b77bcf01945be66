/**
 * Ids go into URLs, and an id is data from a workflow: `..` as a user id would turn
 * `/users/../permissions` into `/permissions` (the organisation's list, read as one user's), and
 * an empty department id would send `DELETE /departments/`. An id is therefore exactly one path
 * segment: never empty, never `.` or `..` (however it is percent-encoded), never holding a slash.
 */

/**
 * The id itself, fully percent-decoded, as a server or a proxy in between might read it; undefined
 * when it is still encoded after five decodings, which no server chain undoes: refused, not guessed.
 */
function decoded(id: string): string | undefined {
	let current = id;
	for (let round = 0; round <= 5; round++) {
		let next: string;
		try {
			next = decodeURIComponent(current);
		} catch {
			return current;
		}
		if (next === current) return current;
		current = next;
	}
	return undefined;
}

/** Why `id` cannot be one path segment, or undefined when it can. */
export function segmentProblem(id: string): string | undefined {
	const plain = decoded(id);
	if (plain === undefined) return `"${id}" is percent-encoded more times than any server decodes`;
	if (plain.trim() === '') return 'it is empty';
	if (plain === '.' || plain === '..') return `"${id}" would leave its place in the URL`;
	if (/[/\\]/.test(plain)) return `"${id}" contains a slash`;
	return undefined;
}

class UnsafeIdError extends Error {}

/** One id as one encoded path segment; an id that cannot be one is refused. */
export function segment(id: string | number): string {
	const text = String(id);
	const problem = segmentProblem(text);
	if (problem) throw new UnsafeIdError(`Refused to build the request URL: the ID ${problem}`);
	return encodeURIComponent(text);
}

/**
 * A path with each interpolated id checked and encoded as one segment:
 * apiPath`/users/${id}/permissions`. The parameter readers refuse such ids first, naming the
 * field; this is the last guard, for every caller (dropdowns and searches included).
 */
export function apiPath(strings: TemplateStringsArray, ...ids: Array<string | number>): string {
	// Without a start value, reduce begins with the first text and the second index: the id before each text.
	return strings.reduce((path, text, i) => `${path}${segment(ids[i - 1])}${text}`);
}
