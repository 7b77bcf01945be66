/**
 * Departments and businesses: one shape, one set of rules, two URL families.
 *
 * The counts are strings in lists and integers in a single business (as the spec says). For a
 * single department the spec says nothing beyond "string in list responses", so it keeps the
 * string form: clients have to cope with both anyway.
 */
import { created, noContent, ok, paginate } from '../http';
import { keysOf, OrgUnitFieldsSchema, pick } from '../records';
import { renderMember } from '../render';
import { crudRoutes, type ResourceFamily, type Route } from '../router';
import type { OrgUnitRecord, Store, UnitKind } from '../store';

function adminCount(unit: OrgUnitRecord): number {
	let n = 0;
	for (const isAdmin of unit.members.values()) if (isAdmin) n++;
	return n;
}

const UNIT_KEYS = keysOf(OrgUnitFieldsSchema);

export function renderUnitListItem(unit: OrgUnitRecord) {
	return { ...pick(unit, UNIT_KEYS), members_count: String(unit.members.size), administrators_count: String(adminCount(unit)) };
}

export function renderUnit(store: Store, kind: UnitKind, unit: OrgUnitRecord) {
	const count = (n: number) => (kind === 'business' ? n : String(n));
	const members = [];
	for (const [userId, isAdmin] of unit.members) {
		const user = store.users.get(userId);
		if (user) members.push(renderMember(store, user, isAdmin));
	}
	return { ...pick(unit, UNIT_KEYS), members_count: count(unit.members.size), administrators_count: count(adminCount(unit)), members };
}

function unitRoutes(kind: UnitKind, family: ResourceFamily): Route[] {
	return crudRoutes(`/beta/${family}`, family, {
		list: ({ store, paging }) => {
			const units = [...store.units(kind).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
			const page = paginate(units, paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map(renderUnitListItem) });
		},
		create: ({ store, body }) => created({ success: true, data: renderUnit(store, kind, store.createUnit(kind, body)) }),
		get: ({ store, params }) => ok({ success: true, data: renderUnit(store, kind, store.getUnit(kind, params.id)) }),
		replace: ({ store, params, body }) => ok({ success: true, data: renderUnit(store, kind, store.updateUnit(kind, params.id, body)) }),
		remove: ({ store, params }) => {
			store.deleteUnit(kind, params.id);
			return noContent();
		},
	});
}

export const departmentRoutes = unitRoutes('department', 'departments');
export const businessRoutes = unitRoutes('business', 'businesses');
