/**
 * Update Profile Picture: the bytes of an n8n binary field go as `{ profile_picture: [bytes] }`;
 * a file that is not a picture is refused before any request (which files are: test/pure/picture.test.ts).
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { byId, runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import { ordinaryUsers, writes } from './helpers';

const sim = useSimulator({ seed: 53, users: 20 });

/** A valid 2×1 PNG (one red, one blue pixel). */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==',
	'base64',
);
/** The start of a JPEG (SOI and a JFIF APP0 segment) and some payload. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

function fileItem(bytes: Buffer, mimeType: string, fileName: string, field = 'data'): INodeExecutionData {
	return { json: {}, binary: { [field]: { data: bytes.toString('base64'), mimeType, fileName } } };
}

const upload = async (userId: string, item: INodeExecutionData, binaryPropertyName?: string) =>
	await runEngagedly({
		parameters: {
			resource: 'user',
			operation: 'updateProfilePicture',
			userId: byId(userId),
			...(binaryPropertyName ? { binaryPropertyName } : {}),
		},
		credentials: sim.credentials(),
		input: [item],
	});

const displayPicture = async (userId: string) => {
	const { items } = await runEngagedly({
		parameters: { resource: 'user', operation: 'get', userId: byId(userId) },
		credentials: sim.credentials(),
	});
	return items[0].json.display_picture;
};

test('a PNG from the default "data" field: the bytes are stored and display_picture changes', async () => {
	const user = ordinaryUsers(sim)[0];
	const before = await displayPicture(user.id);
	sim.clearLog();

	const { items, error } = await upload(user.id, fileItem(PNG, 'image/png', 'me.png'));
	expect(error).toBeUndefined();
	expect(items[0].json).toEqual({ success: true, id: user.id, fileName: 'me.png', mimeType: 'image/png', fileSize: PNG.length });

	const sent = writes(sim);
	expect(sent.map((w) => w.route)).toEqual(['PUT /beta/users/:id/profile/picture']);
	expect(sent[0].body).toEqual({ profile_picture: [...PNG] });
	expect(sim.store.pictures.get(user.id)?.equals(PNG)).toBe(true);

	const after = await displayPicture(user.id);
	expect(after).not.toBeNull();
	expect(after).not.toEqual(before);
});

test('a JPEG from another binary field (named with spaces around it), whatever its declared type', async () => {
	const user = ordinaryUsers(sim)[1];
	const { items, error } = await upload(user.id, fileItem(JPEG, 'application/octet-stream', 'photo', 'photo'), ' photo ');
	expect(error).toBeUndefined();
	expect(items[0].json.mimeType).toBe('image/jpeg');
	expect(sim.store.pictures.get(user.id)?.equals(JPEG)).toBe(true);
});

test('a PDF declared as an image is refused, with its words, before any request', async () => {
	const user = ordinaryUsers(sim)[2];
	const pictureBefore = sim.store.users.get(user.id)!.picture;
	const { error } = await upload(user.id, fileItem(Buffer.from('%PDF-1.7 not a picture'), 'image/png', 'disguised.png'));
	expect(error?.message).toBe('"disguised.png" is not an image');
	expect(error?.description).toContain('(declared type: image/png)');
	expect(sim.log).toEqual([]);
	expect(sim.store.users.get(user.id)!.picture).toBe(pictureBefore);
	expect(sim.store.pictures.has(user.id)).toBe(false);
});

test('a missing binary field is named', async () => {
	const user = ordinaryUsers(sim)[4];
	const { error } = await upload(user.id, fileItem(PNG, 'image/png', 'me.png'), 'picture');
	expect(error?.message).toContain('picture');
	expect(sim.log).toEqual([]);
});
