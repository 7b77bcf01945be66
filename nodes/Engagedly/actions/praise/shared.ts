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

/** A praise shaped for posting to chat; see the README for each field. */
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

/** How far (ms) `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(timeZone: string, utcMs: number): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
	const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return wall - Math.floor(utcMs / 1000) * 1000;
}

/**
 * An instant from a date field or an expression. The date picker saves wall-clock time with no
 * zone (`2026-03-01T09:00:00`): that is read in the workflow's time zone, as n8n shows it.
 * Returns undefined when the value is not a date.
 */
export function toInstant(value: unknown, timeZone: string): number | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
	if (value && typeof value === 'object' && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
		const ms = (value as { toMillis: () => number }).toMillis();
		return Number.isFinite(ms) ? ms : undefined;
	}
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const text = value.trim();
	const wallClock = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(text);
	if (wallClock) {
		const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = wallClock;
		const asUtc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, +ms.padEnd(3, '0'));
		if (Number.isNaN(asUtc)) return undefined;
		let zone = timeZone;
		try {
			zoneOffsetMs(zone, asUtc);
		} catch {
			zone = 'UTC';
		}
		// Twice, so a wall time next to a daylight-saving change lands on the right side of it.
		const first = asUtc - zoneOffsetMs(zone, asUtc);
		return asUtc - zoneOffsetMs(zone, first);
	}
	const parsed = Date.parse(text);
	return Number.isNaN(parsed) ? undefined : parsed;
}
