import type { AppContext } from '../../context.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { publicOrigin } from '../../providers/social/http.ts';
import { finishLinkedin, linkedinAuthorizeUrl, revokeLinkedin } from '../../providers/social/linkedin.ts';
import {
  finishMastodon,
  mastodonAuthorizeUrl,
  registerMastodonApp,
  revokeMastodon,
} from '../../providers/social/mastodon.ts';
import { pkcePair } from '../../providers/social/oauth.ts';
import { finishX, revokeX, xAuthorizeUrl } from '../../providers/social/x.ts';
import { callbackUrl, linkedinApp, seal, unseal, xApp } from './platforms.ts';
import {
  type AccountRow,
  findMastodonApp,
  insertMastodonApp,
  insertOauthState,
  pruneOauthStates,
  takeOauthState,
} from './repository.ts';
import { platformProblem, saveOauthAccount } from './service.ts';

/** Echo's app on the instance: registered once, its secret kept sealed. */
async function mastodonApp(ctx: AppContext, instance: string) {
  const known = await findMastodonApp(ctx.database.db, instance);
  const redirectUri = callbackUrl(ctx.config);
  if (known && known.redirectUri === redirectUri)
    return {
      clientId: known.clientId,
      clientSecret: String((await unseal(ctx.config, known.clientSecret)).secret),
      redirectUri,
    };
  const app = await registerMastodonApp(
    instance,
    redirectUri,
    ctx.config.publicUrl,
    ctx.config.publishing.timeoutMs,
  );
  await insertMastodonApp(ctx.database.db, {
    instanceUrl: instance,
    clientId: app.clientId,
    clientSecret: await seal(ctx.config, { secret: app.clientSecret }),
    redirectUri,
  });
  return app;
}

/**
 * Starts an OAuth authorization: the address to send the user to (with state and PKCE). The state
 * row keeps the owner and `browser`, the binding of the browser that asked (oauth-browser.ts).
 */
export async function startOauth(
  ctx: AppContext,
  owner: string,
  input: { platform: 'mastodon' | 'x' | 'linkedin'; instance?: string },
  browser: string,
) {
  await pruneOauthStates(ctx.database.db);
  if (input.platform === 'x' || input.platform === 'linkedin') {
    const state = randomToken(24);
    const x = input.platform === 'x' ? xApp(ctx.config) : null;
    const linkedin = input.platform === 'linkedin' ? linkedinApp(ctx.config) : null;
    if (!x && !linkedin)
      throw new AppError(
        'unavailable',
        `${input.platform === 'x' ? 'X' : 'LinkedIn'} is not available on this server`,
      );
    const { verifier, challenge } = pkcePair();
    await insertOauthState(ctx.database.db, {
      state,
      ownerEmail: owner,
      platform: input.platform,
      verifier: await seal(ctx.config, { verifier, browser }),
    });
    return { authorize_url: x ? xAuthorizeUrl(x, state, challenge) : linkedinAuthorizeUrl(linkedin!, state) };
  }
  if (!input.instance) throw badRequest('Enter your Mastodon instance, e.g. mastodon.social');
  let instance: string;
  try {
    instance = await publicOrigin(input.instance, ctx.config.publishing.allowPrivateHosts);
    const app = await mastodonApp(ctx, instance);
    const state = randomToken(24);
    const { verifier, challenge } = pkcePair();
    await insertOauthState(ctx.database.db, {
      state,
      ownerEmail: owner,
      platform: 'mastodon',
      instanceUrl: instance,
      verifier: await seal(ctx.config, { verifier, browser }),
    });
    return { authorize_url: mastodonAuthorizeUrl(instance, app, state, challenge) };
  } catch (error) {
    return platformProblem(error, 'Mastodon');
  }
}

/**
 * The platform sent the user back, from its own site (without the session cookie): the state is
 * taken (once, unexpired) and counts only in the browser that started it (`browser`, its binding);
 * the account goes to the state's owner, the code traded for a token. Returns where the browser goes
 * next (the Studio, with the outcome).
 */
export async function finishOauth(
  ctx: AppContext,
  query: { state?: string; code?: string; error?: string },
  browser: string | null,
): Promise<string> {
  const back = (outcome: string) => `/studio?tab=publishing&connected=${encodeURIComponent(outcome)}`;
  if (!query.state) return back('failed');
  const state = await takeOauthState(ctx.database.db, query.state);
  if (!state?.verifier || !browser) return back('expired');
  const sealed = (await unseal(ctx.config, state.verifier)) as { verifier: string; browser?: string };
  if (sealed.browser !== browser) return back('expired');
  if (query.error || !query.code) return back('declined');
  const owner = state.ownerEmail;
  const { verifier } = sealed;
  try {
    if (state.platform === 'mastodon' && state.instanceUrl) {
      const app = await mastodonApp(ctx, state.instanceUrl);
      const connected = await finishMastodon(
        state.instanceUrl,
        app,
        query.code,
        verifier,
        ctx.config.publishing.timeoutMs,
      );
      await saveOauthAccount(ctx, owner, 'mastodon', state.instanceUrl, connected);
      return back('mastodon');
    }
    const timeoutMs = ctx.config.publishing.timeoutMs;
    const x = state.platform === 'x' ? xApp(ctx.config) : null;
    if (x) {
      await saveOauthAccount(ctx, owner, 'x', x.apiUrl, await finishX(x, query.code, verifier, timeoutMs));
      return back('x');
    }
    const linkedin = state.platform === 'linkedin' ? linkedinApp(ctx.config) : null;
    if (linkedin) {
      await saveOauthAccount(
        ctx,
        owner,
        'linkedin',
        linkedin.apiUrl,
        await finishLinkedin(linkedin, query.code, timeoutMs),
      );
      return back('linkedin');
    }
  } catch (error) {
    ctx.log.warn(
      { platform: state.platform, err: error instanceof Error ? error.message : String(error) },
      'publishing: connecting failed',
    );
    return back('failed');
  }
  return back('failed');
}

/** Revokes the account's token where the platform allows (Mastodon, X, LinkedIn); Bluesky app passwords are the user's to revoke. */
export async function revokeAccount(ctx: AppContext, account: AccountRow) {
  if (!account.credentials) return;
  if (account.platform === 'mastodon') {
    const app = await mastodonApp(ctx, account.instanceUrl);
    const { accessToken } = (await unseal(ctx.config, account.credentials)) as { accessToken: string };
    await revokeMastodon(account.instanceUrl, app, accessToken, ctx.config.publishing.timeoutMs);
    return;
  }
  const { accessToken } = (await unseal(ctx.config, account.credentials)) as { accessToken: string };
  const x = account.platform === 'x' ? xApp(ctx.config) : null;
  if (x) await revokeX(x, accessToken, ctx.config.publishing.timeoutMs);
  const linkedin = account.platform === 'linkedin' ? linkedinApp(ctx.config) : null;
  if (linkedin) await revokeLinkedin(linkedin, accessToken, ctx.config.publishing.timeoutMs);
}
