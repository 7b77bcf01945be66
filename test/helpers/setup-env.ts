/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
// n8n-core logs every node error through its own logger; the tests assert on those errors instead.
process.env.N8N_LOG_LEVEL = 'silent';
