/**
 * The pure value functions behind every parameter reader: no n8n, no simulator, milliseconds.
 */
import { DateTime } from 'luxon';

import { compact, idOf, isBlank, listOf, toApiDay, toInstant } from '../../nodes/Engagedly/parameters/values';

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
		['a JavaScript Date gives its UTC day', new Date(Date.UTC(2024, 6, 4, 12)), '2024-07-04'],
	])('%s', (_name, input, day) => {
		expect(toApiDay(input)).toBe(day);
	});

	test.each([
		['a day that does not exist', '2023-02-29'],
		['a month that does not exist', '2024-13-01'],
		['free text', 'next Tuesday'],
		['free date text (only the certificate filters take it)', 'March 1, 2026'],
		['a number', 20240115],
		['an object', { day: 15 }],
	])('undefined for %s', (_name, input) => {
		expect(toApiDay(input)).toBeUndefined();
	});

	test('with anyDateText, other date text is read too', () => {
		expect(toApiDay('March 1, 2026', { anyDateText: true })).toBe('2026-03-01');
		expect(toApiDay('2026/03/01', { anyDateText: true })).toBe('2026-03-01');
		expect(toApiDay('not a date', { anyDateText: true })).toBeUndefined();
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
