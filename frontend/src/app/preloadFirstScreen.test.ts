/** Which screens' modules were loaded (each mocked module records itself when first required). */
const loaded: string[] = [];
jest.mock('../features/auth/screens/AuthScreen', () => (loaded.push('auth'), { default: () => null }));
jest.mock('../features/home/screens/HomeScreen', () => (loaded.push('home'), { default: () => null }));
jest.mock('../features/post-detail/screens/PostDetailScreen', () => (loaded.push('post'), { default: () => null }));
jest.mock('../features/learning/screens/LearningScreen', () => (loaded.push('learning'), { default: () => null }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a first load fetches its first screen's code early", () => {
  beforeEach(() => {
    loaded.length = 0;
  });

  /** preloadFirstScreen of a fresh module registry: each screen's module is required anew. */
  const preload = (calls: [string, boolean][]) =>
    jest.isolateModulesAsync(async () => {
      const { preloadFirstScreen } = await import('./routes');
      for (const [path, member] of calls) preloadFirstScreen(path, member);
      await settle();
    });

  it('a member: the screen at the address', async () => {
    await preload([['/home', true]]);
    expect(loaded).toEqual(['home']);
  });

  it('a visitor on a link guests may open: that screen', async () => {
    await preload([['/post/p1', false]]);
    expect(loaded).toEqual(['post']);
  });

  it('any other visitor of an app screen: the sign-in screen they are about to meet', async () => {
    await preload([['/home', false]]);
    expect(loaded).toEqual(['auth']);
  });

  it('nothing for an address outside the app screens (a reset link, an unknown path)', async () => {
    await preload([
      ['/reset-password', false],
      ['/no/such/page', true],
    ]);
    expect(loaded).toEqual([]);
  });
});
