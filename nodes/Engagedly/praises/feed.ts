import type { IDataObject } from 'n8n-workflow';

/**
 * The praise feed as both Praise → Get Many and the New Praise trigger read it: a praise's time,
 * whether it is pinned, the filter, and the message-ready shape. Below both, so neither imports
 * the other.
 */

const NAMED_ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
	ndash: '–',
	mdash: '—',
	hellip: '…',
	lsquo: '‘',
	rsquo: '’',
	ldquo: '“',
	rdquo: '”',
	copy: '©',
	reg: '®',
	trade: '™',
	euro: '€',
	bull: '•',
};

/** One pass, so `&amp;lt;` becomes the text `&lt;` and not `<`. Unknown entities are kept as typed. */
export function decodeEntities(text: string): string {
	return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
			// Digits alone, so `code` is a number (Infinity for a run too long): the range decides.
			return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
		}
		return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
	});
}

/** Praise content is HTML from the web app's editor; chat messages want its text, paragraphs kept. */
export function plainText(html: unknown): string {
	if (typeof html !== 'string') return '';
	const text = html
		.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/(p|div|li|h[1-6]|blockquote|tr)\s*>/gi, '\n')
		.replace(/<[^>]*>/g, '');
	return decodeEntities(text)
		.replace(/\u00a0/g, ' ')
		.split('\n')
		.map((line) => line.replace(/[ \t]+/g, ' ').trim())
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim();
}

function nameOf(person: unknown): string | undefined {
	const name = (person as IDataObject | null)?.name;
	return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

/** The API documents `links` only as "array": take a string or the usual URL keys of an object. */
function firstLink(links: unknown): string | null {
	if (!Array.isArray(links)) return null;
	for (const link of links) {
		const entry = link as IDataObject | null | undefined;
		const url = typeof link === 'string' ? link : (entry?.url ?? entry?.link ?? entry?.href);
		if (typeof url === 'string' && url.trim()) return url.trim();
	}
	return null;
}

/** A praise shaped for posting to chat; see docs/engagedly-node.md (Praise) for each field. */
export function toMessage(praise: IDataObject): IDataObject {
	const recognized = Array.isArray(praise.recognized_actors) ? praise.recognized_actors : [];
	const tags = Array.isArray(praise.tags) ? (praise.tags as IDataObject[]) : [];
	return {
		id: praise.id,
		date: praise.activity_date ?? null,
		title: typeof praise.title === 'string' && praise.title.trim() ? praise.title.trim() : null,
		author: nameOf(praise.author) ?? null,
		recognized: recognized
			.map(nameOf)
			.filter((name) => name !== undefined)
			.join(', '),
		content: plainText(praise.content),
		tags: tags
			.map((tag) => String(tag?.label ?? tag?.code ?? '').trim())
			.filter(Boolean)
			.join(', '),
		link: firstLink(praise.links),
	};
}

export interface PraiseCriteria {
	authorId?: string;
	recognizedId?: string;
	/** A tag's code or label, any case. */
	tag?: string;
}

const idsOf = (people: unknown): string[] =>
	Array.isArray(people) ? people.map((person) => String((person as IDataObject)?.id ?? '')) : [];

/**
 * The praises a recognition channel wants (written by, recognising, tagged): the API filters none
 * of these, so they are applied to the list as it is read. Undefined when nothing is asked.
 */
export function praiseFilter(criteria: PraiseCriteria): ((praise: IDataObject) => boolean) | undefined {
	const { authorId, recognizedId } = criteria;
	const tag = criteria.tag?.trim().toLowerCase();
	if (!authorId && !recognizedId && !tag) return undefined;
	return (praise) => {
		if (authorId && String((praise.author as IDataObject | null)?.id ?? '') !== authorId) return false;
		if (recognizedId && !idsOf(praise.recognized_actors).includes(recognizedId)) return false;
		if (tag) {
			const tags = Array.isArray(praise.tags) ? (praise.tags as IDataObject[]) : [];
			return tags.some((t) => String(t?.code ?? '').toLowerCase() === tag || String(t?.label ?? '').toLowerCase() === tag);
		}
		return true;
	};
}

/** A praise's time (epoch ms); NaN when it has none that can be read. */
export const dateOf = (praise: IDataObject): number => Date.parse(String(praise.activity_date));

/** Engagedly may list pinned praises on top of the feed, whatever their age. */
export const isPinned = (praise: IDataObject): boolean => praise.pinned === true;

/**
 * The praises newest first, as read from a feed that is newest first but for pinned praises
 * listed on top: the others keep the feed's order, and each pinned praise goes before the first
 * of them that is older (an unreadable date last).
 */
export function newestFirst(praises: IDataObject[]): IDataObject[] {
	const time = (praise: IDataObject) => {
		const at = dateOf(praise);
		return Number.isNaN(at) ? -Number.MAX_VALUE : at;
	};
	const pins = praises.filter(isPinned).sort((a, b) => time(b) - time(a));
	const ordered: IDataObject[] = [];
	for (const praise of praises) {
		if (isPinned(praise)) continue;
		while (pins.length > 0 && time(pins[0]) >= dateOf(praise)) ordered.push(pins.shift()!);
		ordered.push(praise);
	}
	return [...ordered, ...pins];
}
