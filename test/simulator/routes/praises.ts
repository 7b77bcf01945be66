/**
 * Public praises, newest first (activity_date, then id, both descending) so that a poller
 * reading page 1 sees new posts first; edits move `last_updated_at` but not the position.
 * By default (`store.praiseQuirks.pinnedFirst`, a suite may turn it off) pinned praises come
 * before all others, whatever their age.
 */
import { ok, paginate } from '../http';
import { PRAISE_AS_STORED, pick } from '../records';
import { renderActor } from '../render';
import type { Route } from '../router';
import type { PraiseRecord, Store, UserRecord } from '../store';

export function renderPraise(store: Store, praise: PraiseRecord, viewer: UserRecord): Record<string, unknown> {
	const actor = (id: string) => {
		const user = store.users.get(id);
		return user ? renderActor(store, user) : null;
	};
	const viewerIsAdmin = viewer.id === store.adminId;
	const out: Record<string, unknown> = {
		...pick(praise, PRAISE_AS_STORED),
		activity_type: 'Praise',
		author: actor(praise.author_id),
	};
	// "tags: may be absent": the key is left out for praises posted without tags support.
	if (praise.tags !== undefined) out.tags = praise.tags.map((t) => ({ ...t }));
	return {
		...out,
		audience: praise.audience.map((a) => ({
			name: a.name,
			id: a.id,
			display_picture: { large: null, original: null, reduced: null },
			type: a.type,
		})),
		links: [...praise.links],
		attachments: [...praise.attachments],
		comment_details: { count: praise.comment_count },
		like_details: { count: praise.like_count, is_liked: viewerIsAdmin && praise.liked_by_admin },
		can_edit: praise.author_id === viewer.id,
		can_delete: praise.author_id === viewer.id || viewerIsAdmin,
		recognized_actors: praise.recognized_ids.map(actor).filter((a) => a !== null),
	};
}

export function sortedPraises(store: Store): PraiseRecord[] {
	const pinnedFirst = store.praiseQuirks.pinnedFirst;
	return [...store.praises.values()].sort((a, b) => {
		// A feed may put pinned posts on top, whatever their age (a switch: see Store.praiseQuirks).
		if (pinnedFirst && a.pinned !== b.pinned) return a.pinned ? -1 : 1;
		const byDate = Date.parse(b.activity_date) - Date.parse(a.activity_date);
		return byDate !== 0 ? byDate : b.id - a.id;
	});
}

export const praiseRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/activities/praises',
		family: 'praises',
		handler: ({ store, paging, viewer }) => {
			const page = paginate(sortedPraises(store), paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map((p) => renderPraise(store, p, viewer)) });
		},
	},
];
