import { byId, fromList, listSearch } from '../helpers/engine';
import { run } from '../helpers/nodeRun';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { CertificateRecord } from '../simulator';

const sim = useSimulator({ users: 40, seed: 'reference-certificates' });
const LIST = 'GET /beta/certificates';
const ONE = 'GET /beta/certificates/:id';
const getAll = { resource: 'certificate', operation: 'getAll', returnAll: true };

const today = () => new Date().toISOString().slice(0, 10);
const certificatesOf = (userId: string) => [...sim.store.certificates.values()].filter((c) => c.user_id === userId);
const ids = (list: Array<{ id?: unknown }>) => list.map((c) => Number(c.id)).sort((a, b) => a - b);
const expired = (c: CertificateRecord) => c.can_expire && c.end_date !== null && c.end_date < today();

/** Gives the admin (the key's owner) a spread of certificates the filters can tell apart. */
function seedAdminCertificates(): CertificateRecord[] {
	const adminId = sim.store.adminId;
	const base = { user_id: adminId, file: null, file_extension: null, name: null, url: null };
	const records: CertificateRecord[] = [
		{ ...base, id: 9001, certificate_name: 'Kubernetes Administrator', certificate_authority: 'CNCF', can_expire: true, start_date: '2020-02-01', end_date: '2022-02-01' },
		{ ...base, id: 9002, certificate_name: 'Forklift Licence', certificate_authority: 'Safety Board', can_expire: true, start_date: '2024-05-10', end_date: '2099-05-10' },
		{ ...base, id: 9003, certificate_name: 'Mentor Programme', certificate_authority: null, can_expire: false, start_date: '2023-09-01', end_date: null },
		{ ...base, id: 9004, certificate_name: 'Cloud Practitioner', certificate_authority: 'Amazon Web Services', can_expire: true, start_date: '2025-01-15', end_date: '2028-01-15' },
	];
	for (const record of records) sim.store.certificates.set(record.id, record);
	return certificatesOf(adminId);
}

describe('certificate: getAll', () => {
	test("without a user, lists the key owner's certificates", async () => {
		const mine = seedAdminCertificates();
		const { json, error } = await run(sim, getAll);

		expect(error).toBeUndefined();
		expect(ids(json)).toEqual(ids(mine));
		expect(requestsTo(sim, LIST).map((r) => r.query)).toEqual([{ page: '1', size: '50' }]);
	});

	test('user: sends user_id and lists that user’s certificates (by ID or from the list)', async () => {
		const holder = [...sim.store.certificates.values()].find((c) => c.user_id !== sim.store.adminId)?.user_id;
		if (!holder) throw new Error('the seed gives no one but the admin a certificate');
		for (const user of [byId(holder), fromList(holder)]) {
			sim.clearLog();
			const { json } = await run(sim, { ...getAll, filters: { user } });

			expect(ids(json)).toEqual(ids(certificatesOf(holder)));
			expect(requestsTo(sim, LIST)[0].query).toEqual({ page: '1', size: '50', user_id: holder });
		}
	});

	test('term: searches name and authority', async () => {
		seedAdminCertificates();
		const byName = await run(sim, { ...getAll, filters: { term: 'forklift' } });
		expect(ids(byName.json)).toEqual([9002]);
		expect(requestsTo(sim, LIST)[0].query).toMatchObject({ term: 'forklift' });

		sim.clearLog();
		const byAuthority = await run(sim, { ...getAll, filters: { term: ' Amazon ' } });
		expect(requestsTo(sim, LIST)[0].query).toMatchObject({ term: 'Amazon' });
		expect(byAuthority.json.length).toBeGreaterThan(0);
		expect(
			byAuthority.json.every(
				(c) => `${String(c.certificate_name)} ${String(c.certificate_authority)}`.toLowerCase().includes('amazon'),
			),
		).toBe(true);
		expect(ids(byAuthority.json)).toContain(9004);
	});

	test('start date: sent as YYYY-MM-DD, from the date picker or an ISO timestamp', async () => {
		const mine = seedAdminCertificates();
		for (const startDate of ['2024-01-01T00:00:00', '2024-01-01']) {
			sim.clearLog();
			const { json } = await run(sim, { ...getAll, filters: { startDate } });

			expect(requestsTo(sim, LIST)[0].query).toMatchObject({ start_date: '2024-01-01' });
			const expected = mine.filter((c) => c.start_date !== null && c.start_date >= '2024-01-01');
			expect(ids(json)).toEqual(ids(expected));
			expect(ids(json)).toEqual(expect.arrayContaining([9002, 9004]));
			expect(json.every((c) => String(c.start_date) >= '2024-01-01')).toBe(true);
		}
	});

	test('end date: sent as YYYY-MM-DD; certificates ending after it are left out', async () => {
		const mine = seedAdminCertificates();
		const { json } = await run(sim, { ...getAll, filters: { endDate: '2030-12-31T15:45:00' } });

		expect(requestsTo(sim, LIST)[0].query).toMatchObject({ end_date: '2030-12-31' });
		const expected = mine.filter((c) => c.end_date !== null && c.end_date <= '2030-12-31');
		expect(ids(json)).toEqual(ids(expected));
		expect(ids(json)).toEqual(expect.arrayContaining([9001, 9004]));
		expect(ids(json)).not.toContain(9002);
	});

	test('status: active or expired', async () => {
		const mine = seedAdminCertificates();

		const active = await run(sim, { ...getAll, filters: { status: 'active' } });
		expect(requestsTo(sim, LIST)[0].query).toMatchObject({ status: 'active' });
		expect(ids(active.json)).toEqual(ids(mine.filter((c) => !expired(c))));
		expect(ids(active.json)).toEqual(expect.arrayContaining([9002, 9003, 9004]));

		sim.clearLog();
		const old = await run(sim, { ...getAll, filters: { status: 'expired' } });
		expect(requestsTo(sim, LIST)[0].query).toMatchObject({ status: 'expired' });
		expect(ids(old.json)).toEqual(ids(mine.filter(expired)));
		expect(ids(old.json)).toContain(9001);
		expect(old.json.every((c) => c.can_expire === true && String(c.end_date) < today())).toBe(true);
	});

	test('filters combine into one request', async () => {
		seedAdminCertificates();
		const { json } = await run(sim, {
			...getAll,
			filters: { user: byId(sim.store.adminId), term: 'o', startDate: '2023-01-01', status: 'active' },
		});

		expect(requestsTo(sim, LIST)[0].query).toEqual({
			page: '1',
			size: '50',
			user_id: sim.store.adminId,
			term: 'o',
			start_date: '2023-01-01',
			status: 'active',
		});
		expect(ids(json)).toEqual(expect.arrayContaining([9002, 9003, 9004]));
		expect(ids(json)).not.toContain(9001);
	});

	test('stops at the limit', async () => {
		seedAdminCertificates();
		const { json } = await run(sim, { ...getAll, returnAll: false, limit: 2 });

		expect(json).toHaveLength(2);
		expect(requestsTo(sim, LIST)[0].query).toMatchObject({ size: '2' });
	});

	test('a date that is not a date fails before any request', async () => {
		const { error } = await run(sim, { ...getAll, filters: { startDate: '2024-02-30' } });

		expect(error?.message).toMatch(/Start Date is not a date/);
		expect(sim.log).toHaveLength(0);
	});
});

describe('certificate: get', () => {
	test('returns one certificate, by ID', async () => {
		const certificate = [...sim.store.certificates.values()][0];
		const { json, error } = await run(sim, { resource: 'certificate', operation: 'get', certificateId: byId(certificate.id) });

		expect(error).toBeUndefined();
		expect(json).toEqual([
			{
				id: certificate.id,
				certificate_name: certificate.certificate_name,
				can_expire: certificate.can_expire,
				certificate_authority: certificate.certificate_authority,
				start_date: certificate.start_date,
				end_date: certificate.end_date,
				file: certificate.file,
				file_extension: certificate.file_extension,
				name: certificate.name,
				url: certificate.url,
			},
		]);
		expect(requestsTo(sim, ONE).map((r) => r.path)).toEqual([`/beta/certificates/${certificate.id}`]);
	});

	test('the certificate can be picked from the searchable list', async () => {
		const mine = seedAdminCertificates();
		const found = await listSearch('searchCertificates', sim.credentials(), 'forklift');
		expect(found.results).toEqual([{ name: 'Forklift Licence', value: '9002' }]);
		expect(mine.map((c) => c.id)).toContain(9002);

		sim.clearLog();
		const { json } = await run(sim, { resource: 'certificate', operation: 'get', certificateId: fromList('9002') });
		expect(json[0]).toMatchObject({ id: 9002, certificate_name: 'Forklift Licence' });
		expect(requestsTo(sim, ONE)).toHaveLength(1);
	});

	test('an unknown certificate is a 404 that names the item', async () => {
		const { error } = await run(sim, { resource: 'certificate', operation: 'get', certificateId: byId('999999') });

		expect(error?.message).toMatch(/404/);
		expect(requestsTo(sim, ONE)).toHaveLength(1);
	});

	test('an id that is not a number fails before any request', async () => {
		const { error } = await run(sim, { resource: 'certificate', operation: 'get', certificateId: byId('cert-1') });

		expect(error?.message).toMatch(/Certificate ID must be a whole number/);
		expect(sim.log).toHaveLength(0);
	});
});
