/**
 * Whether a file can be a profile picture (actions/user/picture.ts): each format told from its
 * near misses by its first bytes, whatever the file's name or declared type, and the refusals'
 * words. test/user/profilePicture.test.ts proves a refused file sends nothing.
 */
import { checkPicture, MAX_PICTURE_BYTES } from '../../nodes/Engagedly/actions/user/picture';

const bytes = (...parts: Array<string | number[]>) =>
	Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
/** A file of `length` bytes that starts as `start` does. */
const padded = (start: Uint8Array, length: number) => {
	const file = new Uint8Array(length);
	file.set(start);
	return file;
};

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]);
const typeOf = (file: Uint8Array) => {
	const check = checkPicture({ bytes: file, fileName: 'f', mimeType: 'image/png', field: 'data' });
	return 'type' in check ? check.type : 'refused';
};

describe('a format is told by its first bytes, and a near miss is not it', () => {
	test.each([
		['PNG', PNG, 'image/png'],
		['PNG with its last signature byte off', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b], [0, 0, 0, 13]), 'refused'],
		['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
		['JPEG without its third byte', bytes([0xff, 0xd8, 0x00, 0xe0]), 'refused'],
		['JPEG without its second byte', bytes([0xff, 0x00, 0xff, 0xe0]), 'refused'],
		['JPEG without its first byte', bytes([0x00, 0xd8, 0xff, 0xe0]), 'refused'],
		['GIF 87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
		['GIF 89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
		['a GIF version that does not exist', bytes('GIF88a', [1, 0, 1, 0]), 'refused'],
		['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
		['a RIFF file of another kind (WAVE)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'refused'],
		['WEBP in a container that is not RIFF', bytes('RIFX', [0x24, 0, 0, 0], 'WEBPVP8 '), 'refused'],
		['BMP with its headers', padded(bytes('BM'), 27), 'image/bmp'],
		['"BM" and less than the headers', padded(bytes('BM'), 26), 'refused'],
		['27 bytes that do not start with "BM"', padded(bytes('BN'), 27), 'refused'],
		['a CSV file', bytes('name,email\nA,a@example.test\n'), 'refused'],
	])('%s', (_name, file, type) => {
		expect(typeOf(file)).toBe(type);
	});
});

describe('a refusal names the file and says the fix', () => {
	test.each([
		['an empty file', { bytes: new Uint8Array(0), fileName: 'me.png', mimeType: 'image/png' }, '"me.png" is empty', 'The picture has no bytes. Check the node that produced the file. Nothing was sent.'],
		[
			'a file that is not a picture, by its declared type',
			{ bytes: bytes('%PDF-1.7'), fileName: 'cv.png', mimeType: 'image/png' },
			'"cv.png" is not an image',
			'Its content is not a PNG, JPEG, GIF, WebP or BMP picture (declared type: image/png). Pass an image file in "photo". Nothing was sent.',
		],
		[
			'a file with no name or declared type: its field',
			{ bytes: bytes('%PDF-1.7') },
			'The file in "photo" is not an image',
			'Its content is not a PNG, JPEG, GIF, WebP or BMP picture (declared type: none). Pass an image file in "photo". Nothing was sent.',
		],
		[
			'a picture over the limit, in megabytes',
			{ bytes: padded(PNG, 6 * 1024 * 1024), fileName: 'huge.png' },
			'"huge.png" is 6.0 MB, more than the 5.0 MB a profile picture may have',
			'Resize or compress the picture to 5.0 MB or less (a profile picture is shown a few hundred pixels wide), for example with the Edit Image node. Nothing was sent.',
		],
	])('%s', (_name, file, problem, fix) => {
		expect(checkPicture({ field: 'photo', ...file })).toEqual({ problem, fix });
	});

	test('a picture of exactly the limit is taken; one byte more is not', () => {
		expect(checkPicture({ bytes: padded(PNG, MAX_PICTURE_BYTES), field: 'data' })).toEqual({ type: 'image/png' });
		expect(checkPicture({ bytes: padded(PNG, MAX_PICTURE_BYTES + 1), field: 'data' })).toHaveProperty('problem');
	});
});
