import type { IDataObject } from 'n8n-workflow';

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
			return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
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
		if (typeof link === 'string' && link.trim()) return link.trim();
		if (link && typeof link === 'object') {
			const entry = link as IDataObject;
			const url = entry.url ?? entry.link ?? entry.href;
			if (typeof url === 'string' && url.trim()) return url.trim();
		}
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
