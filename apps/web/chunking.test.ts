import { describe, expect, it } from 'vitest';
import {
  firstScriptLaterModules,
  firstScriptModules,
  frameworkFreeIslandModules,
  islandModules,
  islandSchedulerModules,
  landingModules,
} from './chunking';

const NM = '/app/node_modules';
const ANTD_INDEX = `${NM}/antd/es/index.js`;
const BUTTON = `${NM}/antd/es/button/index.js`;
const CAROUSEL = `${NM}/antd/es/carousel/index.js`;
const CONFIG_PROVIDER = `${NM}/antd/es/config-provider/index.js`;
const FORM = `${NM}/antd/es/form/index.js`;
const WAVE = `${NM}/antd/es/_util/wave/index.js`;
const ICONS_INDEX = `${NM}/@ant-design/icons/es/index.js`;
const MENU_ICON = `${NM}/@ant-design/icons/es/icons/MenuOutlined.js`;
const PLUS_ICON = `${NM}/@ant-design/icons/es/icons/PlusOutlined.js`;
const SRC = '/app/apps/web/src';

type Module = { code?: string; imports?: string[]; dynamic?: string[] };

function graph(modules: Record<string, Module>) {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const module = modules[id];
      if (!module) return null;
      return {
        code: module.code ?? '',
        importedIds: module.imports ?? [],
        dynamicallyImportedIds: module.dynamic ?? [],
      };
    },
  };
}

const app: Record<string, Module> = {
  [`${SRC}/main.tsx`]: {
    code: 'import { ConfigProvider } from "antd";\nimport { MenuOutlined } from "@ant-design/icons";',
    imports: [ANTD_INDEX, ICONS_INDEX],
    dynamic: [`${SRC}/features/marketing/landing-page.tsx`, `${SRC}/features/auth/login-page.tsx`],
  },
  [`${SRC}/features/marketing/landing-page.tsx`]: {
    code: 'import { Button as AntButton, type ButtonProps } from "antd";',
    imports: [ANTD_INDEX],
    dynamic: [`${SRC}/features/marketing/below-the-fold.tsx`],
  },
  [`${SRC}/features/marketing/below-the-fold.tsx`]: { code: "import { Carousel } from 'antd';", imports: [ANTD_INDEX] },
  [`${SRC}/features/auth/login-page.tsx`]: {
    code: 'import { Form } from "antd";\nimport { PlusOutlined } from "@ant-design/icons";',
    imports: [ANTD_INDEX, ICONS_INDEX],
  },
  // An index module imports every component, as the module graph shows it.
  [ANTD_INDEX]: { imports: [BUTTON, CAROUSEL, CONFIG_PROVIDER, FORM] },
  [ICONS_INDEX]: { imports: [MENU_ICON, PLUS_ICON] },
  [BUTTON]: { imports: [WAVE] },
  [CAROUSEL]: {},
  [CONFIG_PROVIDER]: {},
  [FORM]: {},
  [WAVE]: {},
  [MENU_ICON]: {},
  [PLUS_ICON]: {},
};

describe('landingModules', () => {
  it('holds what the shell and the landing page name, below the fold included, and their dependencies', () => {
    const modules = landingModules(graph(app));
    for (const id of [CONFIG_PROVIDER, MENU_ICON, BUTTON, WAVE, CAROUSEL]) expect(modules, id).toContain(id);
  });

  it('leaves out what only other pages use, though the index modules import it', () => {
    const modules = landingModules(graph(app));
    for (const id of [FORM, PLUS_ICON, `${SRC}/features/auth/login-page.tsx`]) expect(modules, id).not.toContain(id);
  });

  it('stops the build when a named component has no module it can find', () => {
    const broken = {
      ...app,
      [`${SRC}/features/marketing/below-the-fold.tsx`]: {
        code: "import { Carousel2 } from 'antd';",
        imports: [ANTD_INDEX],
      },
    };
    expect(() => landingModules(graph(broken))).toThrow(/no module for Carousel2 from antd/);
  });

  it('stops the build when the landing page is not in it', () => {
    const { [`${SRC}/features/marketing/landing-page.tsx`]: _, ...withoutLanding } = app;
    expect(() => landingModules(graph(withoutLanding))).toThrow(/no module matches/);
  });
});

describe('islandModules', () => {
  const REACT_DOM = `${NM}/react-dom/client.js`;
  const ZOD = `${NM}/zod/index.js`;
  const CONSTANTS = '/app/packages/shared/src/constants.ts';
  const islandsApp: Record<string, Module> = {
    ...app,
    [`${SRC}/boot.ts`]: {
      imports: [`${SRC}/app/prerender-data.ts`],
      dynamic: [`${SRC}/islands.ts`, `${SRC}/main.tsx`],
    },
    [`${SRC}/app/prerender-data.ts`]: {},
    [`${SRC}/islands.ts`]: {
      imports: [`${SRC}/app/prerender-data.ts`, `${SRC}/shared/storage-keys.ts`],
      dynamic: [`${SRC}/island-roots.tsx`, `${SRC}/features/tour.ts`],
    },
    [`${SRC}/features/tour.ts`]: { imports: [`${SRC}/features/tour-demos.ts`, `${SRC}/shared/storage-keys.ts`] },
    [`${SRC}/features/tour-demos.ts`]: { imports: [CONSTANTS] },
    [CONSTANTS]: {},
    [`${SRC}/shared/storage-keys.ts`]: {},
    [`${SRC}/island-roots.tsx`]: {
      imports: [REACT_DOM, `${SRC}/app/prerender-data.ts`, `${SRC}/shared/session.tsx`],
      dynamic: [`${SRC}/app/site-header.tsx`, `${SRC}/features/templates/plan-parts.tsx`],
    },
    [`${SRC}/shared/session.tsx`]: { imports: [REACT_DOM, `${SRC}/shared/storage-keys.ts`, CONSTANTS] },
    [`${SRC}/app/site-header.tsx`]: { imports: [`${SRC}/shared/session.tsx`] },
    [`${SRC}/features/templates/plan-parts.tsx`]: {
      code: 'import { Button } from "antd";',
      imports: [ANTD_INDEX, `${SRC}/shared/session.tsx`],
    },
    [`${SRC}/shared/form-rules.ts`]: { imports: [ZOD] },
    [REACT_DOM]: {},
    [ZOD]: {},
  };

  it("holds the islands' own code, down to what each island imports", () => {
    const modules = islandModules(graph(islandsApp));
    for (const id of ['island-roots.tsx', 'shared/session.tsx', 'app/site-header.tsx'])
      expect(modules).toContain(`${SRC}/${id}`);
  });

  it("leaves out the page's first script, the islands scheduler and what they import, libraries, and modules that need antd or another library", () => {
    const withRules = {
      ...islandsApp,
      [`${SRC}/app/site-header.tsx`]: { imports: [`${SRC}/shared/session.tsx`, `${SRC}/shared/form-rules.ts`] },
    };
    const modules = islandModules(graph(withRules));
    for (const id of [
      `${SRC}/boot.ts`,
      `${SRC}/app/prerender-data.ts`,
      `${SRC}/islands.ts`,
      `${SRC}/shared/storage-keys.ts`,
      `${SRC}/features/tour-demos.ts`,
      CONSTANTS,
      REACT_DOM,
      `${SRC}/features/templates/plan-parts.tsx`,
      `${SRC}/app/site-header.tsx`,
      `${SRC}/shared/form-rules.ts`,
    ]) {
      expect(modules, id).not.toContain(id);
    }
    expect(modules).toContain(`${SRC}/shared/session.tsx`);
  });

  it("finds what the page's first script imports, the script itself left out", () => {
    expect([...firstScriptModules(graph(islandsApp))]).toEqual([`${SRC}/app/prerender-data.ts`]);
  });

  it('finds what the first script loads when it needs it and what that imports: not the islands runtime nor the app', () => {
    const marks = `${SRC}/shared/account-marks.ts`;
    const withMarks = {
      ...islandsApp,
      [`${SRC}/boot.ts`]: {
        imports: [`${SRC}/app/prerender-data.ts`, `${SRC}/app/header-controls.ts`],
        dynamic: [`${SRC}/islands.ts`, `${SRC}/main.tsx`],
      },
      [`${SRC}/app/header-controls.ts`]: { imports: [`${SRC}/shared/storage-keys.ts`], dynamic: [marks] },
      [marks]: { imports: [`${SRC}/shared/storage-keys.ts`, CONSTANTS] },
      // The app's header imports the marks too: they must stay out of the islands' chunk, which has React.
      [`${SRC}/app/site-header.tsx`]: { imports: [`${SRC}/shared/session.tsx`, marks] },
    };
    expect([...firstScriptLaterModules(graph(withMarks))].sort()).toEqual([marks, CONSTANTS]);
    expect(islandModules(graph(withMarks))).not.toContain(marks);
  });

  it("finds what the islands scheduler imports statically: not itself, the first script's, nor what it loads later", () => {
    expect([...islandSchedulerModules(graph(islandsApp))]).toEqual([`${SRC}/shared/storage-keys.ts`]);
  });

  it('finds what the islands run without the framework import: not what the scheduler has, nor React islands', () => {
    expect([...frameworkFreeIslandModules(graph(islandsApp))].sort()).toEqual([
      `${SRC}/features/tour-demos.ts`,
      CONSTANTS,
    ]);
  });
});
