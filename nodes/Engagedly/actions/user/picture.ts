/**
 * Whether a file can be a profile picture, from its bytes alone: the file itself is trusted, not
 * its name or declared type. Update Profile Picture reads the file and sends it; this decides.
 */

/** Image formats by their first bytes. */
const SIGNATURES: Array<{ type: string; matches: (bytes: Uint8Array) => boolean }> = [
	{ type: 'image/png', matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
	{ type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
	{ type: 'image/gif', matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
	{ type: 'image/webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
	// "BM" alone starts many texts; a bitmap has at least its 26-byte headers.
	{ type: 'image/bmp', matches: (b) => ascii(b, 0, 2) === 'BM' && b.length > 26 },
];

/**
 * Engagedly documents no limit. The picture travels as JSON numbers (up to four characters a
 * byte), so 5 MB is a 20 MB request, already far more than any avatar needs.
 */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function ascii(bytes: Uint8Array, from: number, to: number): string {
	return String.fromCharCode(...bytes.subarray(from, to));
}

/** The file as the item gives it: its bytes, and what the binary field says about it. */
export interface PictureFile {
	bytes: Uint8Array;
	fileName?: string;
	mimeType?: string;
	/** The binary field it came from. */
	field: string;
}

/** The picture's type, or why the file cannot be one (a message naming it, and the fix). */
export type PictureCheck = { type: string } | { problem: string; fix: string };

export function checkPicture({ bytes, fileName, mimeType, field }: PictureFile): PictureCheck {
	const file = fileName ? `"${fileName}"` : `The file in "${field}"`;
	if (bytes.length === 0) {
		return { problem: `${file} is empty`, fix: 'The picture has no bytes. Check the node that produced the file. Nothing was sent.' };
	}
	const image = SIGNATURES.find((signature) => signature.matches(bytes));
	if (!image) {
		return {
			problem: `${file} is not an image`,
			fix: `Its content is not a PNG, JPEG, GIF, WebP or BMP picture (declared type: ${mimeType || 'none'}). Pass an image file in "${field}". Nothing was sent.`,
		};
	}
	if (bytes.length > MAX_PICTURE_BYTES) {
		return {
			problem: `${file} is ${megabytes(bytes.length)}, more than the ${megabytes(MAX_PICTURE_BYTES)} a profile picture may have`,
			fix: `Resize or compress the picture to ${megabytes(MAX_PICTURE_BYTES)} or less (a profile picture is shown a few hundred pixels wide), for example with the Edit Image node. Nothing was sent.`,
		};
	}
	return { type: image.type };
}
