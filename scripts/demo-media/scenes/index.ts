/** Scene registry: one drawing function per scene name (see ../catalog.ts for captions and categories). */
import { sceneBuildings, sceneClubs, sceneMarket } from './campus';
import { sceneBooks, sceneCountdown, sceneStationery, sceneTech } from './desk';
import { sceneDrinks, sceneNoodles } from './food';
import { sceneCamera, sceneFashion, sceneMusic } from './hobbies';
import { sceneMountains, sceneSeaside, sceneSky, sceneTrees } from './landscape';
import { sceneCourt, sceneTrack } from './sports';
import type { Scene } from './types';

export const SCENES = {
  sky: sceneSky,
  buildings: sceneBuildings,
  books: sceneBooks,
  noodles: sceneNoodles,
  trees: sceneTrees,
  track: sceneTrack,
  court: sceneCourt,
  stationery: sceneStationery,
  drinks: sceneDrinks,
  tech: sceneTech,
  music: sceneMusic,
  fashion: sceneFashion,
  mountains: sceneMountains,
  camera: sceneCamera,
  clubs: sceneClubs,
  market: sceneMarket,
  countdown: sceneCountdown,
  seaside: sceneSeaside,
} satisfies Record<string, Scene>;

export type SceneName = keyof typeof SCENES;
