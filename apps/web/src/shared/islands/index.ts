export { type CollectedIsland, Island, IslandCollector } from './island';
export { ISLAND_ATTRIBUTES, type IslandWhen, islandIdPrefix } from './island-attributes';
export { IslandFrame, useInIsland } from './island-frame';
