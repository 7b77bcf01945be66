/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
import path from 'node:path';

/**
 * The transport's timing, from dist/ (the package is loaded from there, as n8n loads it, and
 * shares the test file's module registry): tests shorten the retry waits and, where a timeout is
 * what they check, the request timeout.
 */
export const transportTiming = (
	require(path.resolve(__dirname, '../../dist/nodes/Engagedly/transport/request.js')) as {
		transportTiming: { requestTimeoutMs: number; readRetryDelaysMs: number[] };
	}
).transportTiming;
