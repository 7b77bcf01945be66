import type { IDataObject } from 'n8n-workflow';

/** A record handed over where an id is expected: an expression mapping a whole user or department. */
export function isRecordWithId(value: unknown): value is IDataObject & { id: string | number } {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
	const id = (value as IDataObject).id;
	return typeof id === 'string' || typeof id === 'number';
}

/** The id a value stands for: the value itself, or the `id` of a record. */
export function idOf(value: unknown): unknown {
	return isRecordWithId(value) ? value.id : value;
}
