/** Praise HTML to chat text, and the trigger's value identity: pure functions, milliseconds. */
import { decodeEntities, plainText, toMessage } from '../../nodes/Engagedly/praises/feed';
import { identity, sameValue } from '../../nodes/Engagedly/trigger/fields';

describe('plainText: praise HTML as chat text', () => {
	test.each([
		[
			'paragraphs and line breaks become new lines, tags go, entities are decoded',
			'<p>Thanks <b>Ana</b> &amp; team!</p><p>Great&nbsp;launch<br/>again</p>',
			'Thanks Ana & team!\nGreat launch\nagain',
		],
		['scripts and styles are dropped with their content', '<style>p{color:red}</style><p>Hi</p><script>alert(1)</script>', 'Hi'],
		['runs of blank lines shrink to one, spaces to one', '<p>a</p><p></p><p></p><p>b   c</p>', 'a\n\nb c'],
		['not text (null) gives an empty string', null, ''],
		['not text (a number) gives an empty string', 42, ''],
	])('%s', (_name, html, text) => {
		expect(plainText(html)).toBe(text);
	});

	test('entities are decoded once: &amp;lt; is the text &lt;', () => {
		expect(decodeEntities('&amp;lt; &#65; &#x42; &unknown; &rsquo;')).toBe('&lt; A B &unknown; ’');
	});

	test('toMessage joins names and tags and takes the first link', () => {
		expect(
			toMessage({
				id: 5,
				activity_date: '2026-01-01T10:00:00Z',
				title: '  Kudos ',
				author: { name: 'Ada' },
				recognized_actors: [{ name: 'Bo' }, { name: ' ' }, { name: 'Cy' }],
				content: '<p>Well done</p>',
				tags: [{ label: 'Teamwork' }, { code: 'ownership' }],
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
});

describe('identity: what must differ for a watched field to count as changed', () => {
	test('referenced records are compared by id, so a rename is no change', () => {
		expect(identity({ id: 3, name: 'Sales' })).toBe(identity({ id: 3, name: 'Revenue' }));
		expect(identity({ id: 3, name: 'Sales' })).not.toBe(identity({ id: 4, name: 'Sales' }));
	});

	test('lists of units are compared by ids and admin flags, in any order', () => {
		const a = [
			{ id: 'd1', name: 'One', is_admin: false },
			{ id: 'd2', name: 'Two', is_admin: true },
		];
		expect(identity(a)).toBe(identity([a[1], { ...a[0], name: 'Renamed' }]));
		expect(identity(a)).not.toBe(identity([a[0], { ...a[1], is_admin: false }]));
	});

	test('plain values are compared as they are', () => {
		expect(identity('Active')).not.toBe(identity('Blocked'));
		expect(identity(null)).toBe(identity(undefined));
		expect(identity(['English', 'French'])).not.toBe(identity(['French', 'English']));
	});

	test('a record by its name in one answer and as { id, name } in the next is the same (employee_type in the two descriptions)', () => {
		expect(sameValue('Intern', { id: '7', name: 'Intern' })).toBe(true);
		expect(sameValue({ id: 7, name: 'Intern' }, 'Intern')).toBe(true);
		expect(sameValue('Intern', { id: '8', name: 'Contractor' })).toBe(false);
	});
});
