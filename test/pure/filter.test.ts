/**
 * Get Many's filters as one decision (people/filter.ts): which listed user is kept. The API's
 * email filter may match loosely and it has no name filter, so both are decided here;
 * test/user/getMany.test.ts proves the scan reads the whole list for them and stops at Limit.
 */
import { userFilter } from '../../nodes/Engagedly/people/filter';

const ada = { id: 1, name: 'Ada Lovelace', first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace', email: 'Ada@Example.test' };

test('no filter keeps every user without asking', () => {
	expect(userFilter({ email: '', name: '' })).toBeUndefined();
});

test.each([
	['the address in any case', { email: 'ada@example.TEST', name: '' }, ada, true],
	['an address that only contains it (a loose match) is not it', { email: 'ada@example.test', name: '' }, { ...ada, email: 'ada@example.test.evil' }, false],
	['a user without an address, for an address', { email: 'ada@example.test', name: '' }, { ...ada, email: undefined }, false],
	['every word, in any order and case', { email: '', name: 'lovelace ADA' }, ada, true],
	['a part of a word', { email: '', name: 'love' }, ada, true],
	['a word the name lacks', { email: '', name: 'Ada Byron' }, ada, false],
	['a middle name, which `name` leaves out', { email: '', name: 'ada king' }, ada, true],
	['first and last names when `name` is absent', { email: '', name: 'lovelace' }, { first_name: 'Ada', last_name: 'Lovelace' }, true],
	['a word across two names is not in either', { email: '', name: 'al' }, { first_name: 'Ada', last_name: 'Lovelace' }, false],
	['a word across `name`\'s two words', { email: '', name: 'al' }, { name: 'Ada Lovelace' }, false],
	['a user with no name at all, for a letter', { email: '', name: 'e' }, { first_name: 'Bo' }, false],
	['both filters: both hold', { email: 'ada@example.test', name: 'ada' }, ada, true],
	['both filters: the address holds, the name not', { email: 'ada@example.test', name: 'grace' }, ada, false],
	['both filters: the name holds, the address not', { email: 'grace@example.test', name: 'ada' }, ada, false],
])('%s', (_name, filters, user, kept) => {
	expect(userFilter(filters)!(user)).toBe(kept);
});
