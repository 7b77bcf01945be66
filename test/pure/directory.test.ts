/**
 * Sync's people fields (actions/user/sync/directory.ts, resolvePerson) as a table: who one value
 * of Manager, HR Managers or Secondary Managers names in the directory the run read, by address,
 * by Engagedly id or, with Managers Given By Employee ID, by the Employee ID Engagedly holds; the
 * new hires and the new addresses of the run; and why a value names nobody. No engine, no request.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Resolved } from '../../nodes/Engagedly/actions/user/sync/directory';
import { directoryOf, resolvePerson } from '../../nodes/Engagedly/actions/user/sync/directory';
import type { RunPeople } from '../../nodes/Engagedly/actions/user/sync/match';
import type { ManagersGivenBy } from '../../nodes/Engagedly/people/byEmployeeId';

const users: IDataObject[] = [
	{ id: 'u1', email: 'Ana@Example.com', employee_id: ' 1042 ' },
	{ id: 'u2', email: 'bo@example.com', employee_id: 'E-7' },
	{ id: 'u3', email: 'twin@example.com', employee_id: 'E-7' },
	{ id: 'u4', email: 'TWIN@example.com', employee_id: null },
	{ id: '2001', email: 'num@example.com', employee_id: 'HB 0042' },
];
const run: RunPeople = {
	creating: new Set(['hire@example.com']),
	creatingByEmployeeId: new Map([['H-1', 'hire@example.com']]),
	newAddresses: new Map([['ana.wed@example.com', 'u1']]),
};
const summary = (found: Resolved): string => {
	if ('id' in found) return found.id;
	if ('sharedAddress' in found) return `shared address: ${found.sharedAddress.map((u) => u.id).join(' ')}`;
	if ('nobody' in found) return `nobody by ${found.nobody}`;
	const match = found.employeeId;
	return match.kind === 'several' ? `several: ${match.users.map((u) => u.id).join(' ')}` : `nobody by employee ID${match.engagedlyIdOf ? `, the Engagedly id of ${String(match.engagedlyIdOf.id)}` : ''}`;
};

test.each<[string, ManagersGivenBy, string, string]>([
	['an address, whatever its case', 'idOrEmail', 'ana@example.COM', 'u1'],
	['an address two users share (in two cases)', 'idOrEmail', 'twin@example.com', 'shared address: u3 u4'],
	['an address nobody has', 'idOrEmail', 'gone@example.com', 'nobody by address'],
	['the new address the run gives a user', 'idOrEmail', 'Ana.Wed@example.com', 'u1'],
	['a new hire of the run, by address: their stand-in', 'idOrEmail', 'hire@example.com', 'new-user:hire@example.com'],
	['an Engagedly id the directory holds', 'idOrEmail', 'u2', 'u2'],
	['an id nobody holds (an HR system’s own)', 'idOrEmail', '3332883884017713238', 'nobody by id'],
	['an employee ID where ids are asked for names nobody', 'idOrEmail', 'E-7', 'nobody by id'],
	['by Employee ID: the one holder, trimmed in Engagedly', 'employeeId', '1042', 'u1'],
	['by Employee ID: one with a space', 'employeeId', 'HB 0042', '2001'],
	['by Employee ID: two holders, neither taken', 'employeeId', 'E-7', 'several: u2 u3'],
	['by Employee ID: in its case only', 'employeeId', 'e-7', 'nobody by employee ID'],
	['by Employee ID: nobody, though it is an Engagedly id', 'employeeId', 'u4', 'nobody by employee ID, the Engagedly id of u4'],
	['by Employee ID: a new hire of the run', 'employeeId', 'H-1', 'new-user:hire@example.com'],
	['by Employee ID: an address is still an address', 'employeeId', 'bo@example.com', 'u2'],
])('%s', (_name, by, ref, expected) => {
	expect(summary(resolvePerson(ref, directoryOf(users), run, by))).toBe(expected);
});
