/**
 * Marks a plugin as applying to the whole app rather than to its own encapsulated context (what fastify-plugin
 * does, without depending on it): its hooks, decorators and handlers reach every route.
 */
import type { FastifyPluginAsync } from 'fastify';

/** Returns the plugin (whatever its options), marked to skip encapsulation. */
export function global<T extends FastifyPluginAsync<never>>(plugin: T, name: string): T {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
