import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { engagedlyRequest } from '../../transport/request';
import { checkPicture } from './picture';

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

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const field = String(this.getNodeParameter('binaryPropertyName', itemIndex)).trim();
	const binary = this.helpers.assertBinaryData(itemIndex, field);
	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, field);
	const picture = checkPicture({ bytes, fileName: binary.fileName, mimeType: binary.mimeType, field });
	if ('problem' in picture) {
		throw new NodeOperationError(this.getNode(), picture.problem, { itemIndex, description: picture.fix });
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
		mimeType: picture.type,
		fileSize: bytes.length,
	};
}
