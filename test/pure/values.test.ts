/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * The pure value functions behind every parameter reader: no n8n, no simulator, milliseconds.
 * The dates' table of docs/engagedly-node.md ("The lifecycle") is read from the page and every
 * row checked against toApiDay and isEmptyDate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';

import { compact, idOf, isBlank, isEmptyDate, listOf, toApiDay, toInstant } from '../../nodes/Engagedly/parameters/values';

describe('toApiDay: a day as Engagedly takes it (YYYY-MM-DD)', () => {
	test.each([
		['the date picker’s wall-clock value', '2024-01-15T00:00:00', '2024-01-15'],
		['an ISO timestamp late in the day keeps the day it was written with', '2024-01-15T23:30:00-08:00', '2024-01-15'],
		['a plain day', ' 2024-02-29 ', '2024-02-29'],
		['the API’s long form', 'Jan 15, 2024', '2024-01-15'],
		['the long form with a one-digit day', 'Mar 5, 2026', '2026-03-05'],
		[
			'a Luxon DateTime from an expression gives its own calendar day',
			DateTime.fromObject({ year: 2025, month: 12, day: 31, hour: 23 }, { zone: 'Pacific/Auckland' }),
			'2025-12-31',
		],
		['a JavaScript Date, with no zone given, gives its UTC day', new Date(Date.UTC(2024, 6, 4, 12)), '2024-07-04'],
		['an ISO timestamp in UTC', '2026-12-01T23:30:00Z', '2026-12-01'],
		['an HR system’s local midnight, east of UTC', '2026-12-01T00:00:00+01:00', '2026-12-01'],
		['an offset without its colon', '2026-12-01T00:00:00+0100', '2026-12-01'],
		['an offset without its colon, west of UTC, late in the day', '2026-12-01T23:59:59.999-0800', '2026-12-01'],
		['a DateTime as n8n hands one over inside a collection: its ISO text', '2026-12-01T00:00:00.000-05:00', '2026-12-01'],
	])('%s', (_name, input, day) => {
		expect(toApiDay(input)).toBe(day);
	});

	// Each read "not a date" before. XML Schema's date (https://www.w3.org/TR/xmlschema-2/#date, 3.2.9)
	// is yyyy-mm-dd with an optional zone, Z or (+|-)hh:mm up to 14:00; Workday's web services type
	// their dates so (Get_Workers' Hire_Date, Termination_Date) and write the tenant's zone on them.
	test.each([
		['an XML Schema date west of UTC (Workday)', '2026-12-01-08:00', '2026-12-01'],
		['an XML Schema date east of UTC', '2026-12-01+05:30', '2026-12-01'],
		['an XML Schema date in UTC', '2026-12-01Z', '2026-12-01'],
		['an XML Schema date at the zone’s far end', '2026-12-31+14:00', '2026-12-31'],
		['an XML Schema date at UTC written as an offset', ' 2026-02-28-00:00 ', '2026-02-28'],
	])('%s', (_name, input, day) => {
		expect(toApiDay(input)).toBe(day);
	});

	// Each gave its UTC day before, a day early east of UTC or a day late west of it.
	test.each([
		['a Date at local midnight in Berlin is that day, not the UTC day before', new Date('2026-11-30T23:00:00Z'), 'Europe/Berlin', '2026-12-01'],
		['a Date late in the evening in New York is that day, not the UTC day after', new Date('2026-12-02T04:30:00Z'), 'America/New_York', '2026-12-01'],
		['a Date east of UTC by more than half a day', new Date('2026-06-30T12:30:00Z'), 'Pacific/Kiritimati', '2026-07-01'],
	])('%s', (_name, input, zone, day) => {
		expect(toApiDay(input, { zone })).toBe(day);
	});

	test.each([
		['a Date in UTC', new Date('2026-12-01T23:30:00Z'), 'UTC', '2026-12-01'],
		['a Date in a zone Luxon does not know (a typo in the settings) falls back to UTC', new Date('2026-11-30T23:00:00Z'), 'Mars/Olympus', '2026-11-30'],
		['text keeps its written day whatever the zone', '2026-12-01T00:00:00+01:00', 'America/Los_Angeles', '2026-12-01'],
		['an XML Schema date keeps its written day whatever the zone', '2026-12-01-08:00', 'Asia/Tokyo', '2026-12-01'],
		[
			'a DateTime keeps its own zone’s day, as n8n’s ISO text of it does',
			DateTime.fromObject({ year: 2026, month: 12, day: 1 }, { zone: 'Pacific/Auckland' }),
			'Europe/Berlin',
			'2026-12-01',
		],
		['an invalid Date', new Date('soon'), 'Europe/Berlin', undefined],
		['an invalid DateTime', DateTime.fromISO('2026-02-30'), 'Europe/Berlin', undefined],
	])('with a zone: %s', (_name, input, zone, day) => {
		expect(toApiDay(input, { zone })).toBe(day);
	});

	test.each([
		['a day that does not exist', '2023-02-29'],
		['a month that does not exist', '2024-13-01'],
		['free text', 'next Tuesday'],
		['free date text (only the certificate filters take it)', 'March 1, 2026'],
		['a number', 20240115],
		['an object', { day: 15 }],
		['a day followed by something that is no time nor zone', '2026-12-01abc'],
		['an XML Schema zone without its colon', '2026-12-01-0800'],
		['an XML Schema zone beyond ±14:00', '2026-12-01+15:00'],
		['an XML Schema zone with a one-digit hour', '2026-12-01-8:00'],
		['an XML Schema zone’s minutes beyond 59', '2026-12-01+05:60'],
		['an XML Schema date that does not exist', '2026-02-30-08:00'],
		['a lower-case z', '2026-12-01z'],
		['a day and month the other way round', '31/12/2026'],
	])('undefined for %s', (_name, input) => {
		expect(toApiDay(input)).toBeUndefined();
	});

	test('with anyDateText, other date text is read too', () => {
		expect(toApiDay('March 1, 2026', { anyDateText: true })).toBe('2026-03-01');
		expect(toApiDay('2026/03/01', { anyDateText: true })).toBe('2026-03-01');
		expect(toApiDay('not a date', { anyDateText: true })).toBeUndefined();
	});
});

describe('the page’s table of dates: every form it lists, read as it says', () => {
	const page = readFileSync(join(__dirname, '../../docs/engagedly-node.md'), 'utf8');
	const start = page.indexOf('## The lifecycle');
	const section = page.slice(start, page.indexOf('\n## ', start + 1));
	const header = section.indexOf('| given as | for example | the day |');
	const rows = section
		.slice(header)
		.split('\n')
		.filter((line) => line.startsWith('|'))
		.slice(2)
		.map((line) => line.slice(1, -1).split('|').map((cell) => cell.trim()));

	test('the page has the table, with the forms this file proves one by one', () => {
		expect(header).toBeGreaterThan(-1);
		expect(rows.map(([given]) => given)).toContain('an XML Schema date with its zone, as Workday\'s web services write it');
		expect(rows.length).toBeGreaterThanOrEqual(12);
	});

	/** An example cell as the node receives it: text, or a Date built as the expression builds it. */
	function valueOf(example: string): unknown {
		const text = example.replace(/^`|`$/g, '');
		const date = /^new Date\("([^"]+)"\)$/.exec(text);
		return date ? new Date(date[1]) : text;
	}

	test.each(rows.map((row) => [row[0], row] as const))('%s', (_name, [given, example, day]) => {
		const zone = /workflow in (\S+)$/.exec(given)?.[1] ?? 'UTC';
		const value = valueOf(example);
		if (day === 'no date') {
			for (const empty of ['', null, value]) expect(isEmptyDate(empty)).toBe(true);
		} else {
			expect(isEmptyDate(value)).toBe(false);
			expect(toApiDay(value, { zone })).toBe(day.startsWith('not a date') ? undefined : day);
		}
	});
});

describe('toInstant: an instant, wall-clock text read in the workflow’s time zone', () => {
	test.each([
		// 09:00 in Berlin is 08:00 UTC in winter, 07:00 in summer.
		['wall-clock text is read in the given zone (winter)', '2026-01-10T09:00:00', 'Europe/Berlin', Date.UTC(2026, 0, 10, 8)],
		['wall-clock text is read in the given zone (summer)', '2026-07-10 09:00', 'Europe/Berlin', Date.UTC(2026, 6, 10, 7)],
		['a day alone is midnight in the zone', '2026-03-01', 'America/New_York', Date.UTC(2026, 2, 1, 5)],
		['text with its own offset keeps it', '2026-03-01T09:00:00Z', 'Asia/Tokyo', Date.UTC(2026, 2, 1, 9)],
		['an unknown zone reads wall-clock text as UTC rather than failing', '2026-03-01T09:00:00', 'Mars/Olympus', Date.UTC(2026, 2, 1, 9)],
		['a Date passes through', new Date(Date.UTC(2020, 0, 1)), 'UTC', Date.UTC(2020, 0, 1)],
		['a DateTime passes through', DateTime.fromMillis(1_700_000_000_000), 'UTC', 1_700_000_000_000],
		['an epoch number passes through', 1_700_000_000_000, 'UTC', 1_700_000_000_000],
		['nonsense is undefined', 'soon', 'UTC', undefined],
		['a day that does not exist is undefined', '2026-02-30T10:00:00', 'UTC', undefined],
		['an empty text is undefined', '', 'UTC', undefined],
	])('%s', (_name, input, zone, instant) => {
		expect(toInstant(input, zone)).toBe(instant);
	});
});

describe('listOf: a multi-value field as a clean list of strings', () => {
	test.each([
		['a multi-select’s array', ['a', 'b'], ['a', 'b']],
		['comma-separated text, trimmed', ' a, b ,c ', ['a', 'b', 'c']],
		['an array mixing text and comma lists', ['es', 'fr, de'], ['es', 'fr', 'de']],
		['records: their id, else their value', [{ id: 7, name: 'x' }, { value: 'v' }], ['7', 'v']],
		['numbers become strings', [1, 2], ['1', '2']],
		['blanks and repeats dropped', ['a', '', ' ', 'a', null], ['a']],
		['nothing', undefined, []],
		['an entry left empty in the editor ([]) and one an expression filled with a list', [[], ['a@x.test', 'b@x.test'], 'c@x.test'], ['a@x.test', 'b@x.test', 'c@x.test']],
	])('%s', (_name, input, expected) => {
		expect(listOf(input)).toEqual(expected);
	});
});

describe('blankness, ids and compact', () => {
	test.each([
		[undefined, true],
		[null, true],
		['', true],
		['   ', true],
		[[], true],
		[['a'], false],
		[0, false],
		[false, false],
		['x', false],
		[{}, false],
	])('isBlank(%p) is %p', (value, blank) => {
		expect(isBlank(value)).toBe(blank);
	});

	test('idOf takes a record’s id and leaves anything else alone', () => {
		expect(idOf({ id: 'u-1', name: 'Ada' })).toBe('u-1');
		expect(idOf({ id: 12 })).toBe(12);
		expect(idOf({ name: 'no id' })).toEqual({ name: 'no id' });
		expect(idOf('u-2')).toBe('u-2');
	});

	test('compact drops what was left empty and keeps false and 0', () => {
		expect(compact({ a: '', b: ' ', c: [], d: null, e: undefined, f: 0, g: false, h: 'x' })).toEqual({ f: 0, g: false, h: 'x' });
	});
});
