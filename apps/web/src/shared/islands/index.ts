export { type CollectedIsland, Island, IslandCollector, type IslandWhen } from './island';
export { ISLAND_ATTRIBUTES, islandIdPrefix } from './island-attributes';
export { IslandFrame, useInIsland } from './island-frame';
