'use strict';

const WEBHOOK_NAME = 'guildhall-worker-purge';
const WANTED_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
];

/**
 * Keeps one webhook that tells the Worker to purge its content cache: upserted when
 * WORKER_PURGE_URL is set, removed when it is not.
 *
 * Strapi's webhook provider loads stored webhooks into the runner before this bootstrap runs,
 * so a webhook created or changed here must also be handed to the runner to fire on this boot.
 */
async function syncPurgeWebhook(strapi) {
  const { url, secret } = strapi.config.get('guildhall.purgeWebhook');
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const existing = (await store.findWebhooks()).filter((webhook) => webhook.name === WEBHOOK_NAME);

  if (!url) {
    for (const webhook of existing) {
      await store.deleteWebhook(webhook.id);
      runner.remove(webhook);
    }
    return;
  }
  if (!secret) {
    throw new Error('WORKER_PURGE_URL is set but CACHE_PURGE_SECRET is empty: the Worker would reject every purge.');
  }

  const allowed = new Set(Array.from(store.allowedEvents.values()));
  const data = {
    name: WEBHOOK_NAME,
    url,
    headers: { Authorization: `Bearer ${secret}` },
    events: WANTED_EVENTS.filter((event) => allowed.has(event)),
    isEnabled: true,
  };

  const [current, ...duplicates] = existing;
  for (const webhook of duplicates) {
    await store.deleteWebhook(webhook.id);
    runner.remove(webhook);
  }
  if (current) {
    runner.update(await store.updateWebhook(current.id, data));
  } else {
    runner.add(await store.createWebhook(data));
  }
  strapi.log.info(`[guildhall] Cache purge webhook -> ${url} (${data.events.join(', ')})`);
}

module.exports = { syncPurgeWebhook };
