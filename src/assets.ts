/**
 * Hashed URLs of the browser assets, from the manifest scripts/build-client.mjs writes. The
 * files themselves are served by Workers static assets, before the Worker runs.
 */
import manifest from "../dist/asset-manifest.json";
import type { AssetUrls, IslandName } from "./views/site-context";

const islands: Record<string, string> = manifest.islands;

export const assetUrls: AssetUrls = {
  stylesheet: manifest.stylesheet,
  island(name: IslandName): string {
    const url = islands[name];
    if (!url) throw new Error(`No built island "${name}": run npm run build:client`);
    return url;
  },
  defaultShareImage: manifest.static["share-default.png"],
};

export const defaultFaviconUrl: string = manifest.static["favicon.svg"];
