import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import type { RuntimeLogger } from '../logging/runtime-logger';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { Skill } from '../skills/discover-skills';
import { type ConversationCheckpoints, checkpointsDir } from './conversation-checkpoints';
import type { ConversationMCPConfigs } from './conversation-mcp-configs';
import type { LoadedConversation, LoadState } from './load-conversation';
import { observationsDir } from './observations-dir';
import { RuntimeError } from '../errors/runtime-error';

/** The runtime-wide keepers a conversation's resources live in, keyed by its id. */
export interface SharedKeepers {
  dataDir: string;
  secrets: Pick<SecretRegistry, 'conversationSecrets' | 'copyConversationSecrets' | 'forgetConversation'>;
  mcpConfigs: Pick<ConversationMCPConfigs, 'get' | 'set' | 'forget'>;
  checkpoints: Pick<ConversationCheckpoints, 'exclusive' | 'forget' | 'holds'>;
  logger: RuntimeLogger;
}

/** One thing a conversation owns: whether it holds something now, how it lets go, what a fork takes. */
interface Resource {
  holds(): boolean;
  release(): void | Promise<void>;
  copyTo?(target: ConversationResources): void | Promise<void>;
}

export type ResourceName =
  | 'loaded'
  | 'skills'
  | 'notices'
  | 'apiKey'
  | 'secrets'
  | 'mcpConfig'
  | 'observations'
  | 'checkpoints';

/**
 * Released while the conversation still exists (so nothing reads or records more of it); every other
 * resource goes once its rows are gone, in the table's order.
 */
const RELEASED_BEFORE_DATA: ReadonlySet<ResourceName> = new Set(['skills', 'notices', 'loaded']);

/**
 * Everything this runtime holds for one conversation: its loaded log and loop with the toolset
 * (sandbox, terminal, MCP servers), the requests holding it, its skills and notices told, its API key,
 * secrets, own MCP config, observation files and checkpoints. Whatever it holds is listed in one table
 * (`resources`), so `dispose` releases all of it and `fork` copies what a fork takes, by construction.
 */
export class ConversationResources implements LoadState {
  /** The API key given at creation or by switch_llm; memory only. */
  apiKey: string | undefined;
  skills: readonly Skill[] | undefined;
  readonly toldNotices = new Set<string>();
  loaded: LoadedConversation | undefined;
  /** Being read from the store: a second acquire meanwhile waits for the same load. */
  loading: Promise<LoadedConversation> | undefined;
  /** How many requests hold it loaded (acquired, not yet released). */
  holds = 0;
  /** Dropped while its last writes still commit: a new load waits for them. */
  draining: Promise<void> | undefined;
  /** Gone for every request from the moment its delete begins. */
  deleting = false;
  private readonly resources: Record<ResourceName, Resource>;

  constructor(
    readonly id: string,
    keepers: SharedKeepers,
  ) {
    const { secrets, mcpConfigs, checkpoints, dataDir } = keepers;
    const checkpointFolder = checkpointsDir(dataDir, id);
    this.resources = {
      loaded: { holds: () => this.loaded !== undefined || this.holds > 0, release: () => this.unload() },
      skills: {
        holds: () => this.skills !== undefined,
        release: () => {
          this.skills = undefined;
        },
      },
      notices: { holds: () => this.toldNotices.size > 0, release: () => this.toldNotices.clear() },
      apiKey: {
        holds: () => this.apiKey !== undefined,
        release: () => {
          this.apiKey = undefined;
        },
        copyTo: (target) => {
          if (this.apiKey) target.apiKey = this.apiKey;
        },
      },
      secrets: {
        holds: () => Object.keys(secrets.conversationSecrets(id)).length > 0,
        release: () => secrets.forgetConversation(id),
        copyTo: (target) => secrets.copyConversationSecrets(id, target.id),
      },
      mcpConfig: {
        holds: () => mcpConfigs.get(id) !== undefined,
        release: () => mcpConfigs.forget(id),
        copyTo: async (target) => {
          const config = mcpConfigs.get(id);
          if (config) await mcpConfigs.set(target.id, config);
        },
      },
      observations: {
        holds: () => existsSync(observationsDir(dataDir, id)),
        release: () => rm(observationsDir(dataDir, id), { recursive: true, force: true }),
      },
      // They live in the data dir and belong to the conversation; the copied events of a fork name
      // them, so the fork gets them too and they stay restorable.
      checkpoints: {
        holds: () => checkpoints.holds(id) || existsSync(checkpointFolder),
        release: async () => {
          await checkpoints.exclusive(id, () => rm(checkpointFolder, { recursive: true, force: true }));
          checkpoints.forget(id);
        },
        copyTo: (target) =>
          checkpoints.exclusive(id, async () => {
            if (existsSync(checkpointFolder))
              await cp(checkpointFolder, checkpointsDir(dataDir, target.id), { recursive: true });
          }),
      },
    };
  }

  /** Every resource it owns, in the order `dispose` releases them (after the first three). */
  names(): ResourceName[] {
    return Object.keys(this.resources) as ResourceName[];
  }

  /** The resources that hold something now (nothing after `dispose`). */
  held(): ResourceName[] {
    return this.names().filter((name) => this.resources[name].holds());
  }

  /** Stops what runs and closes the toolset; the memory-only state stays (an idle drop or shutdown). */
  async unload(): Promise<void> {
    const loaded = this.loaded;
    if (!loaded) return;
    if (loaded.live.isRunning()) await loaded.live.interrupt();
    await loaded.live.log.settled();
    this.loaded = undefined;
    this.holds = 0;
    await loaded.createdToolset()?.close();
  }

  /**
   * Deletes the conversation: from now on it is not found (a message or socket arriving while its
   * run stops and its terminal closes must not load it again); unloads it, lets `removeData` remove
   * its rows (a failure there keeps the conversation, to try again), then releases everything else
   * and ends its log. Throws conversation_not_found when a delete is already going.
   */
  async dispose(removeData: () => Promise<void>): Promise<void> {
    if (this.deleting) throw new RuntimeError('conversation_not_found');
    this.deleting = true;
    const log = this.loaded?.live.log;
    const names = this.names();
    try {
      for (const name of names) if (RELEASED_BEFORE_DATA.has(name)) await this.resources[name].release();
      await removeData();
      for (const name of names) if (!RELEASED_BEFORE_DATA.has(name)) await this.resources[name].release();
      log?.end();
    } finally {
      this.deleting = false;
    }
  }

  /**
   * Copies to a new conversation what it takes along: the API key, secrets, own MCP config and (for a
   * fork, not a sub-agent, which works beside its parent) the checkpoints its copied events name.
   */
  async fork(target: ConversationResources, options: { checkpoints: boolean }): Promise<void> {
    for (const [name, resource] of Object.entries(this.resources) as Array<[ResourceName, Resource]>) {
      if (name === 'checkpoints' && !options.checkpoints) continue;
      await resource.copyTo?.(target);
    }
  }
}
