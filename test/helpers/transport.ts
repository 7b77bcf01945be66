/**
 * The transport's timing, from dist/: the package is loaded from there (as n8n loads it) and
 * shares the test file's module registry, so this is the object the running node reads. Tests
 * shorten the retry waits and, where a timeout is what they check, the request timeout.
 */
export { transportTiming } from '../../dist/nodes/Engagedly/transport/request';
