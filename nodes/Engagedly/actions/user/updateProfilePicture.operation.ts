import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { engagedlyRequest } from '../../transport/request';

const properties: INodeProperties[] = [
	userLocator(),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the picture (PNG, JPEG, GIF, WebP or BMP)',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['updateProfilePicture'] } },
	properties,
);

/** Image formats by their first bytes: the file itself is trusted, not its name or declared type. */
const SIGNATURES: Array<{ type: string; matches: (bytes: Uint8Array) => boolean }> = [
	{ type: 'image/png', matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
	{ type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
	{ type: 'image/gif', matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
	{ type: 'image/webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
	{ type: 'image/bmp', matches: (b) => ascii(b, 0, 2) === 'BM' && b.length > 26 },
];

/**
 * Engagedly documents no limit. The picture travels as JSON numbers (up to four characters a
 * byte), so 5 MB is a 20 MB request, already far more than any avatar needs.
 */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function ascii(bytes: Uint8Array, from: number, to: number): string {
	return String.fromCharCode(...bytes.subarray(from, to));
}

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const field = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const binary = this.helpers.assertBinaryData(itemIndex, field);
	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, field);
	const file = binary.fileName ? `"${binary.fileName}"` : `The file in "${field}"`;
	if (bytes.length === 0) {
		throw new NodeOperationError(this.getNode(), `${file} is empty`, {
			itemIndex,
			description: 'The picture has no bytes. Check the node that produced the file. Nothing was sent.',
		});
	}
	const image = SIGNATURES.find((signature) => signature.matches(bytes));
	if (!image) {
		throw new NodeOperationError(this.getNode(), `${file} is not an image`, {
			itemIndex,
			description: `Its content is not a PNG, JPEG, GIF, WebP or BMP picture (declared type: ${binary.mimeType || 'none'}). Pass an image file in "${field}". Nothing was sent.`,
		});
	}
	if (bytes.length > MAX_PICTURE_BYTES) {
		throw new NodeOperationError(this.getNode(), `${file} is ${megabytes(bytes.length)}, more than the ${megabytes(MAX_PICTURE_BYTES)} a profile picture may have`, {
			itemIndex,
			description: `Resize or compress the picture to ${megabytes(MAX_PICTURE_BYTES)} or less (a profile picture is shown a few hundred pixels wide), for example with the Edit Image node. Nothing was sent.`,
		});
	}
	// The API takes the picture as a JSON array of byte values. Written straight as text, the
	// body costs at most four characters a byte, instead of an array of numbers several times that.
	await engagedlyRequest.call(this, 'PUT', apiPath`/users/${id}/profile/picture`, 'ack', {
		...request,
		jsonText: `{"profile_picture":[${bytes.join(',')}]}`,
	});
	return {
		success: true,
		id,
		fileName: binary.fileName ?? null,
		mimeType: image.type,
		fileSize: bytes.length,
	};
}
