/**
 * Taken together, the node's operations reach every method and path of the API. The endpoint
 * list is written from the specification (docs/engagedly-api.md, "Endpoints", certificates
 * included), not from our code, so an endpoint that no operation calls is
 * reported, and so is an operation nobody told this test how to run.
 *
 * To cover a new operation, add a row to PARAMETERS: a function from the freshly reset simulator
 * to the run(s) the operation needs: its node parameters (resource and operation are added here)
 * and, if it reads them, input items (binary data for a picture, say). The simulator is reset
 * before every operation, so a write may use or delete any seeded record, and a row may prepare
 * the store first (block a user before "activate"). Return several runs when one operation
 * reaches different endpoints depending on its parameters (they run one after the other on the
 * same data, without a reset in between).
 */
import { keyFor, keyIdOf, signatureOf } from '../../nodes/Engagedly/actions/user/sync/signature';
import { PLAN_VERSION } from '../../nodes/Engagedly/actions/user/sync/steps';
import type { IDataObject, INodeExecutionData, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { byId, loadPackage, NODE_TYPE, pickedUsers, runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import type { Simulator } from '../simulator';
import { logRoute, ROUTES } from '../simulator/tests/routes';
import { mandatoryValues, mapping } from '../user/helpers';

/**
 * Method and path template of every endpoint the API documents, as the simulator's request log
 * names them (`GET /beta/users/:id`): the list the simulator's own suites are checked against,
 * written from the specification (test/simulator/tests/routes.ts).
 */
const SPEC_ENDPOINTS = ROUTES.map(logRoute);

interface RunSpec {
	parameters: IDataObject;
	/** Items fed to the node; one empty item when left out. */
	input?: INodeExecutionData[];
}
type Row = (sim: Simulator) => RunSpec | RunSpec[];

function found<T>(value: T | undefined, what: string): T {
	if (value === undefined) throw new Error(`The seeded organisation has no ${what}`);
	return value;
}
const firstUser = (sim: Simulator) =>
	found(sim.store.sortedUsers().find((u) => u.id !== sim.store.adminId), 'user besides the admin');
const firstCourse = (sim: Simulator) =>
	found([...sim.store.learningResources.values()].find((r) => r.type === 'Course' && !r.archived), 'active course');
const firstCertificate = (sim: Simulator) => found([...sim.store.certificates.values()][0], 'certificate');
const firstOf = <T>(records: Map<unknown, T>, what: string) => found([...records.values()][0], what);
const ordinaryPermission = (sim: Simulator) =>
	found(sim.store.permissions.find((p) => !p.is_admin), 'ordinary permission');

/** A user's fields as Create, Create or Update and Replace take them, every mandatory attribute filled. */
const person = (sim: Simulator, email: string, firstName: string, lastName: string) => ({
	email,
	firstName,
	lastName,
	customAttributes: mapping(mandatoryValues(sim)),
});

/** A valid 2×1 PNG, for the profile picture. */
const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==';

/** Departments and businesses take the same parameters under their own locator name. */
const unitRows = (locator: string, units: (sim: Simulator) => Map<string, { id: string }>): Record<string, Row> => ({
	create: (sim) => ({ parameters: { name: 'Coverage Unit', members: pickedUsers(firstUser(sim).id) } }),
	get: (sim) => ({ parameters: { [locator]: byId(firstOf(units(sim), 'unit').id) } }),
	getAll: () => ({ parameters: { returnAll: true } }),
	update: (sim) => ({ parameters: { [locator]: byId(firstOf(units(sim), 'unit').id), updateFields: { name: 'Renamed' } } }),
	delete: (sim) => ({ parameters: { [locator]: byId(firstOf(units(sim), 'unit').id) } }),
	addMembers: (sim) => ({ parameters: { [locator]: byId(firstOf(units(sim), 'unit').id), members: pickedUsers(firstUser(sim).id) } }),
	removeMembers: (sim) => ({ parameters: { [locator]: byId(firstOf(units(sim), 'unit').id), members: pickedUsers(firstUser(sim).id) } }),
});

/** Locations and job titles: a name is all create needs. */
const recordRows = (locator: string, records: (sim: Simulator) => Map<number, { id: number }>): Record<string, Row> => ({
	create: () => ({ parameters: { name: 'Coverage Record' } }),
	get: (sim) => ({ parameters: { [locator]: byId(firstOf(records(sim), 'record').id) } }),
	getAll: () => ({ parameters: { returnAll: true } }),
	update: (sim) => ({ parameters: { [locator]: byId(firstOf(records(sim), 'record').id), updateFields: { name: 'Renamed' } } }),
	delete: (sim) => ({ parameters: { [locator]: byId(firstOf(records(sim), 'record').id) } }),
});

/** resource → operation → what it runs with. Every operation of the node must have a row. */
const PARAMETERS: Record<string, Record<string, Row>> = {
	business: unitRows('businessId', (sim) => sim.store.units('business')),
	department: unitRows('departmentId', (sim) => sim.store.units('department')),
	jobTitle: recordRows('jobTitleId', (sim) => sim.store.jobTitles),
	location: recordRows('locationId', (sim) => sim.store.locations),
	certificate: {
		get: (sim) => ({ parameters: { certificateId: byId(firstCertificate(sim).id) } }),
		getAll: () => ({ parameters: { returnAll: true } }),
	},
	learnerReport: {
		getAll: () => ({ parameters: { returnAll: false, limit: 5 } }),
	},
	learningResource: {
		getAll: () => ({ parameters: { returnAll: false, limit: 5 } }),
		getContents: (sim) => ({ parameters: { learningResourceId: byId(firstCourse(sim).id) } }),
	},
	permission: {
		getAll: () => ({ parameters: { returnAll: true } }),
	},
	praise: {
		getAll: () => ({ parameters: { returnAll: false, limit: 5 } }),
	},
	user: {
		// An empty plan, signed as Sync signs it: nothing to read or write; Apply Plan's requests are those of Sync (test/user/sync.test.ts, applyPlan.test.ts).
		applyPlan: (sim) => {
			const key = keyFor(sim.keys.demo.secretKey);
			const content = { version: PLAN_VERSION, plannedAt: new Date().toISOString(), keyId: keyIdOf(key), dryRun: false, steps: [], failed: [] };
			return { parameters: { plan: { ...content, signature: signatureOf(key, content) } } };
		},
		create: (sim) => ({ parameters: person(sim, 'coverage.new@example.test', 'Cover', 'Age') }),
		// The second run finds the user the first created.
		createOrUpdate: (sim) => [
			{ parameters: person(sim, 'coverage.upsert@example.test', 'Cover', 'Upsert') },
			{ parameters: person(sim, 'coverage.upsert@example.test', 'Covered', 'Upsert') },
		],
		sync: (sim) => ({
			parameters: {
				...person(sim, '={{ $json.email }}', '={{ $json.first }}', 'Synced'),
				deactivateMissing: true,
				maxDeactivatePercent: 100,
				blockReasonCode: 'not_known',
			},
			input: sim.store
				.sortedUsers()
				.slice(1)
				.map((user, index) => ({ json: { email: index === 0 ? 'coverage.sync@example.test' : user.email, first: user.first_name } })),
		}),
		get: (sim) => ({ parameters: { userId: byId(firstUser(sim).id) } }),
		getAll: () => ({ parameters: { returnAll: false, limit: 5 } }),
		update: (sim) => ({ parameters: { userId: byId(firstUser(sim).id), updateFields: { level: 'L9' } } }),
		replace: (sim) => ({
			parameters: { userId: byId(firstUser(sim).id), ...person(sim, firstUser(sim).email, 'Full', 'Replace') },
		}),
		activate: (sim) => {
			sim.store.setUserStatus(firstUser(sim).id, 'Blocked');
			return { parameters: { userId: byId(firstUser(sim).id) } };
		},
		deactivate: (sim) => ({ parameters: { userId: byId(firstUser(sim).id), blockReasonCode: 'not_known' } }),
		getPermissions: (sim) => ({ parameters: { userId: byId(firstUser(sim).id) } }),
		updatePermissions: (sim) => ({
			parameters: { userId: byId(firstUser(sim).id), mode: 'add', permissionIds: [String(ordinaryPermission(sim).id)] },
		}),
		updateProfilePicture: (sim) => ({
			parameters: { userId: byId(firstUser(sim).id) },
			input: [{ json: {}, binary: { data: { data: PNG_BASE64, mimeType: 'image/png', fileName: 'me.png' } } }],
		}),
		getBlockReasonCodes: () => ({ parameters: {} }),
	},
	userAttribute: {
		getAll: () => ({ parameters: { returnAll: true } }),
	},
};

/** The node's resources and, for each, its operations, read from the built node's description. */
async function nodeOperations(): Promise<Array<{ resource: string; operation: string }>> {
	const { nodeTypes } = await loadPackage();
	const { properties } = (nodeTypes.getByNameAndVersion(NODE_TYPE, 1) as INodeType).description;
	const resourceProperty = properties.find((p) => p.name === 'resource');
	const resources = ((resourceProperty?.options ?? []) as INodePropertyOptions[]).map((o) => String(o.value));
	return resources.flatMap((resource) => {
		const pickers = properties.filter(
			(p) => p.name === 'operation' && (p.displayOptions?.show?.resource ?? []).includes(resource),
		);
		return pickers.flatMap((picker) =>
			((picker.options ?? []) as INodePropertyOptions[]).map((o) => ({ resource, operation: String(o.value) })),
		);
	});
}

// beforeAll below resets it before each operation; the tests only read what those runs recorded.
const sim = useSimulator({ users: 20, seed: 'coverage' }, { reset: 'never' });
let operations: Array<{ resource: string; operation: string }> = [];
/** Endpoints that answered 2xx to some operation, and which operations reached them. */
const reached = new Map<string, string[]>();
/** Requests that matched no documented route: what the node asked for that the API does not have. */
const strayRequests = new Set<string>();
const failedRuns: string[] = [];

beforeAll(async () => {
	operations = await nodeOperations();
	for (const { resource, operation } of operations) {
		const row = PARAMETERS[resource]?.[operation];
		if (!row) continue;
		sim.reset();
		const specs = row(sim);
		for (const [index, spec] of (Array.isArray(specs) ? specs : [specs]).entries()) {
			const label = `${resource}.${operation}${index > 0 ? ` (run ${index + 1})` : ''}`;
			sim.clearLog();
			const { error } = await runEngagedly({
				parameters: { resource, operation, ...spec.parameters },
				input: spec.input,
				credentials: sim.credentials(),
			});
			if (error) failedRuns.push(`${label}: ${error.message}`);
			for (const entry of sim.log) {
				if (entry.route === null) strayRequests.add(`${entry.method} ${entry.path} (from ${label}, HTTP ${entry.status})`);
				else if (entry.status >= 200 && entry.status < 300) reached.set(entry.route, [...(reached.get(entry.route) ?? []), label]);
			}
		}
	}
}, 120_000);

describe('endpoint coverage', () => {
	test('the node has operations to check', () => {
		expect(operations.length).toBeGreaterThan(0);
		expect(new Set(SPEC_ENDPOINTS).size).toBe(SPEC_ENDPOINTS.length);
	});

	test('every operation of the node has a row in PARAMETERS (test/coverage/endpoints.test.ts)', () => {
		const missing = operations
			.filter(({ resource, operation }) => !PARAMETERS[resource]?.[operation])
			.map(({ resource, operation }) => `${resource}.${operation}: add its parameters to PARAMETERS`);
		expect(missing).toEqual([]);
	});

	test('every row in PARAMETERS is an operation the node has', () => {
		const known = new Set(operations.map(({ resource, operation }) => `${resource}.${operation}`));
		const stale = Object.entries(PARAMETERS)
			.flatMap(([resource, ops]) => Object.keys(ops).map((operation) => `${resource}.${operation}`))
			.filter((key) => !known.has(key))
			.map((key) => `${key}: no such operation in the node (renamed or removed?)`);
		expect(stale).toEqual([]);
	});

	test('every operation runs without error with its parameters', () => {
		expect(failedRuns).toEqual([]);
	});

	test('no operation asks for an endpoint the API does not have', () => {
		expect([...strayRequests]).toEqual([]);
	});

	test('every endpoint of the specification is reached by some operation', () => {
		const unreached = SPEC_ENDPOINTS.filter((endpoint) => !reached.has(endpoint)).map(
			(endpoint) => `${endpoint}: no operation reaches it`,
		);
		expect(unreached).toEqual([]);
	});

	test('every endpoint reached is in the specification', () => {
		const extra = [...reached.keys()].filter((route) => !SPEC_ENDPOINTS.includes(route));
		expect(extra).toEqual([]);
	});
});
