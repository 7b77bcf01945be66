/**
 * Certificates (read-only). The list is per user: `user_id` defaults to the user who owns the
 * API key, as the vendor describes.
 */
import { badRequest, notFound, ok, paginate, queryString } from '../http';
import type { Route } from '../router';
import { CertificateFieldsSchema, keysOf, pick } from '../records';
import type { CertificateRecord } from '../store';

const CERTIFICATE_KEYS = keysOf(CertificateFieldsSchema);

/** The certificate's own fields; whose it is is not part of the record. */
export const renderCertificate = (c: CertificateRecord) => pick(c, CERTIFICATE_KEYS);

/** Expired = it can expire and its end date is before today (UTC). */
export function isExpired(c: CertificateRecord, today = new Date().toISOString().slice(0, 10)): boolean {
	return c.can_expire && c.end_date !== null && c.end_date < today;
}

function dateParam(value: string | undefined, name: string): string | undefined {
	if (value === undefined || value === '') return undefined;
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
	const valid = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])).toISOString().slice(0, 10) === value;
	if (!valid) throw badRequest(name, `${name} must be a date in YYYY-MM-DD form`);
	return value;
}

export const certificateRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/certificates',
		family: 'certificates',
		handler: ({ store, query, paging, viewer }) => {
			const userId = queryString(query, 'user_id')?.trim() || viewer.id;
			store.getUser(userId);
			const term = queryString(query, 'term')?.trim().toLowerCase();
			// start_date: issued on or after; end_date: ends on or before (never-ending ones drop out).
			const from = dateParam(queryString(query, 'start_date'), 'start_date');
			const to = dateParam(queryString(query, 'end_date'), 'end_date');
			const status = queryString(query, 'status')?.trim().toLowerCase() || undefined;
			if (status !== undefined && status !== 'active' && status !== 'expired') throw badRequest('status', 'status must be active or expired');
			const list = [...store.certificates.values()]
				.filter((c) => c.user_id === userId)
				.filter((c) => !term || c.certificate_name.toLowerCase().includes(term) || (c.certificate_authority ?? '').toLowerCase().includes(term))
				.filter((c) => !from || (c.start_date !== null && c.start_date >= from))
				.filter((c) => !to || (c.end_date !== null && c.end_date <= to))
				.filter((c) => status === undefined || isExpired(c) === (status === 'expired'))
				.sort((a, b) => a.id - b.id);
			const page = paginate(list, paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map(renderCertificate) });
		},
	},
	{
		method: 'GET',
		path: '/beta/certificates/:id',
		family: 'certificates',
		handler: ({ store, params }) => {
			const certificate = /^\d+$/.test(params.id) ? store.certificates.get(Number(params.id)) : undefined;
			if (!certificate) throw notFound('Certificate', params.id);
			return ok({ success: true, data: renderCertificate(certificate) });
		},
	},
];
