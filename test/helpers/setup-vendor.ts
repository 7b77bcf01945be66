/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * The `vendor` jest project (jest.config.js): every simulator that names no profile speaks the
 * vendor's shapes, as `ENGAGEDLY_SIMULATOR_PROFILE=vendor` makes it (useSimulator reads it when a
 * suite starts its simulator). Jest gives each test file its own copy of process.env, so the
 * `node` project's runs of the same files keep the contract profile.
 */
process.env.ENGAGEDLY_SIMULATOR_PROFILE = 'vendor';
