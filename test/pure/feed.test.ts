/**
 * The praise feed as Praise → Get Many and the New Praise trigger read it (praises/feed.ts): HTML
 * as chat text, the message shape from the odd forms the contract's "array" and "object" allow,
 * the filters the API does not apply, and the order of a feed with pinned praises on top. Pure
 * functions, milliseconds.
 */
import type { IDataObject } from 'n8n-workflow';

import { dateOf, decodeEntities, isPinned, newestFirst, plainText, praiseFilter, toMessage } from '../../nodes/Engagedly/praises/feed';

describe('decodeEntities', () => {
	test.each([
		['&amp;', '&'],
		['&lt;', '<'],
		['&gt;', '>'],
		['&quot;', '"'],
		['&apos;', "'"],
		['&nbsp;', ' '],
		['&ndash;', '–'],
		['&mdash;', '—'],
		['&hellip;', '…'],
		['&lsquo;', '‘'],
		['&rsquo;', '’'],
		['&ldquo;', '“'],
		['&rdquo;', '”'],
		['&copy;', '©'],
		['&reg;', '®'],
		['&trade;', '™'],
		['&euro;', '€'],
		['&bull;', '•'],
		['&AMP;', '&'],
		['&#65;', 'A'],
		['&#x42;', 'B'],
		['&#X43;', 'C'],
		['&#1114111;', String.fromCodePoint(0x10ffff)],
		['&#x10FFFF;', String.fromCodePoint(0x10ffff)],
		['&#1114112;', '&#1114112;'],
		['&#0;', '&#0;'],
		['&#1;', '\u0001'],
		[`&#${'9'.repeat(400)};`, `&#${'9'.repeat(400)};`],
		['&unknown;', '&unknown;'],
		['&amp;lt;', '&lt;'],
	])('%j is %j', (text, decoded) => {
		expect(decodeEntities(text)).toBe(decoded);
	});
});

describe('plainText: praise HTML as chat text', () => {
	test.each([
		[
			'paragraphs and line breaks become new lines, tags go, entities are decoded',
			'<p>Thanks <b>Ana</b> &amp; team!</p><p>Great&nbsp;launch<br/>again</p>',
			'Thanks Ana & team!\nGreat launch\nagain',
		],
		['a <br> without its slash is a line break too', 'one<br>two<BR />three', 'one\ntwo\nthree'],
		['scripts and styles are dropped with their content', '<style>p{color:red}</style><p>Hi</p><script>alert(1)</script>', 'Hi'],
		['a script with attributes and spaces in it is dropped too', '<script type="text/javascript">var a = 1;</script>Hi', 'Hi'],
		['headings, list items, quotes and rows end a line', '<h2>Title</h2><ul><li>a</li><li>b</li></ul><blockquote>q</blockquote>', 'Title\na\nb\nq'],
		['runs of blank lines shrink to one, spaces to one', '<p>a</p><p></p><p></p><p>b   c</p>', 'a\n\nb c'],
		['each line is trimmed, not only the ends', '<p>a </p><p> b</p>', 'a\nb'],
		['a typed no-break space is a space', 'a\u00a0b', 'a b'],
		['not text (null) gives an empty string', null, ''],
		['not text (a number) gives an empty string', 42, ''],
	])('%s', (_name, html, text) => {
		expect(plainText(html)).toBe(text);
	});
});

describe('toMessage: a praise shaped for chat', () => {
	test('names and tags are joined and trimmed, the first link taken', () => {
		expect(
			toMessage({
				id: 5,
				activity_date: '2026-01-01T10:00:00Z',
				title: '  Kudos ',
				author: { name: ' Ada ' },
				recognized_actors: [{ name: 'Bo' }, { name: ' ' }, null, { name: 'Cy' }],
				content: '<p>Well done</p>',
				tags: [{ label: ' Teamwork ' }, { code: 'ownership' }, { label: ' ' }, {}, null],
				links: [{ href: 'https://example.com/a' }, 'https://example.com/b'],
			}),
		).toEqual({
			id: 5,
			date: '2026-01-01T10:00:00Z',
			title: 'Kudos',
			author: 'Ada',
			recognized: 'Bo, Cy',
			content: 'Well done',
			tags: 'Teamwork, ownership',
			link: 'https://example.com/a',
		});
	});

	test('a praise with none of its optional parts gives nulls and empty texts', () => {
		expect(toMessage({ id: 6, title: '   ', author: null, recognized_actors: 'Bo', tags: 'x', links: 'https://example.com' })).toEqual({
			id: 6,
			date: null,
			title: null,
			author: null,
			recognized: '',
			content: '',
			tags: '',
			link: null,
		});
	});

	// The contract documents `links` only as "array".
	test.each([
		['a string', [' https://example.com/s '], 'https://example.com/s'],
		['an object with url', [{ url: ' https://example.com/u ' }], 'https://example.com/u'],
		['an object with link', [{ link: 'https://example.com/l' }], 'https://example.com/l'],
		['an object with href', [{ href: 'https://example.com/h' }], 'https://example.com/h'],
		['url before link before href', [{ href: 'h', link: 'l', url: 'u' }], 'u'],
		['blanks, nulls, numbers and other keys are passed over', ['  ', null, 7, { title: 'x' }, { url: ' ' }, 'https://example.com/x'], 'https://example.com/x'],
		['nothing usable', [null, { url: 3 }], null],
	])('a link given as %s', (_name, links, link) => {
		expect(toMessage({ id: 1, links }).link).toBe(link);
	});
});

describe('praiseFilter: the praises a channel asks for, applied as the feed is read', () => {
	const praise: IDataObject = {
		author: { id: 7 },
		recognized_actors: [null, { id: 1 }, { id: '2' }],
		tags: [null, { code: 'teamwork', label: 'Team Work' }],
	};

	test.each([{}, { tag: '  ' }, { authorId: '', recognizedId: '' }])('nothing asked (%j) is no filter', (criteria) => {
		expect(praiseFilter(criteria)).toBeUndefined();
	});

	test.each([
		['the author', { authorId: '7' }, true],
		['another author', { authorId: '8' }, false],
		['one of the recognised', { recognizedId: '2' }, true],
		['one of the recognised, a number id', { recognizedId: '1' }, true],
		['someone not recognised', { recognizedId: '3' }, false],
		['a tag by its code, any case, trimmed', { tag: ' TeamWork ' }, true],
		['a tag by its label, any case', { tag: 'team work' }, true],
		['a tag it does not have', { tag: 'ownership' }, false],
		['author and recognised both', { authorId: '7', recognizedId: '1' }, true],
		['the author but not the recognised', { authorId: '7', recognizedId: '3' }, false],
		['the recognised but not the tag', { recognizedId: '1', tag: 'ownership' }, false],
		['all three', { authorId: '7', recognizedId: '2', tag: 'teamwork' }, true],
	])('%s', (_name, criteria, kept) => {
		expect(praiseFilter(criteria)!(praise)).toBe(kept);
	});

	test.each([
		['no author', { authorId: '7' }],
		['no one recognised', { recognizedId: '1' }],
		['no tags', { tag: 'teamwork' }],
	])('a praise with %s is not kept', (_name, criteria) => {
		expect(praiseFilter(criteria)!({ author: null, recognized_actors: null, tags: null })).toBe(false);
	});
});

describe('dates, pins and the order of the feed', () => {
	test('dateOf reads the activity date, NaN when there is none', () => {
		expect(dateOf({ activity_date: '2026-01-02T03:04:05Z' })).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
		expect(dateOf({})).toBeNaN();
		expect(dateOf({ activity_date: null })).toBeNaN();
	});

	test.each([
		[true, true],
		[false, false],
		['true', false],
		[undefined, false],
	])('pinned: %j is pinned: %j', (pinned, expected) => {
		expect(isPinned({ pinned })).toBe(expected);
	});

	const at = (id: string, day: number | null, pinned = false): IDataObject => ({
		id,
		activity_date: day === null ? 'not a date' : `2026-01-${String(day).padStart(2, '0')}T00:00:00Z`,
		pinned,
	});
	const ids = (praises: IDataObject[]) => newestFirst(praises).map((praise) => praise.id);

	test.each([
		['no pins: the feed order stands', [at('c', 3), at('b', 2), at('a', 1)], ['c', 'b', 'a']],
		['an old pin on top goes where its date puts it', [at('p', 2, true), at('d', 4), at('c', 3), at('a', 1)], ['d', 'c', 'p', 'a']],
		['pins newest first among themselves', [at('p1', 1, true), at('p3', 3, true), at('d', 4), at('b', 2)], ['d', 'p3', 'b', 'p1']],
		['a pin goes before a praise of the same time', [at('p', 2, true), at('b', 2)], ['p', 'b']],
		['a pin newer than all stays first', [at('p', 9, true), at('c', 3)], ['p', 'c']],
		['a pin older than all goes last', [at('p', 1, true), at('c', 3), at('b', 2)], ['c', 'b', 'p']],
		['a pin with no readable date goes last', [at('x', null, true), at('p', 2, true), at('c', 3), at('a', 1)], ['c', 'p', 'a', 'x']],
		['a praise with no readable date keeps its place', [at('p', 2, true), at('c', 3), at('x', null), at('a', 1)], ['c', 'x', 'p', 'a']],
	])('%s', (_name, feed, order) => {
		expect(ids(feed)).toEqual(order);
	});
});
