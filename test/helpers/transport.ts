/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code runs in plain Node: it loads the built package as n8n does */
import path from 'node:path';

/**
 * The transport's timing, from dist/: the package is loaded from there (as n8n loads it) and
 * shares the test file's module registry, so this is the object the running node reads. Tests
 * shorten the retry waits and, where a timeout is what they check, the request timeout. (dist/
 * carries no declarations, so the type is the source's.)
 */
export const transportTiming = (
	require(path.resolve(__dirname, '../../dist/nodes/Engagedly/transport/retry.js')) as typeof import('../../nodes/Engagedly/transport/retry')
).transportTiming;

/** The trigger's time budget per poll, from dist/ for the same reason: tests shorten it to cut a pass by time. */
export const pollTiming = (
	require(path.resolve(__dirname, '../../dist/nodes/Engagedly/trigger/pass.js')) as typeof import('../../nodes/Engagedly/trigger/pass')
).pollTiming;
