import { describe, expect, it } from 'vitest';
import { advisorDetails, founderDetails } from './profile-view-fixtures';
import { joinedLabel, listInWords, paragraphs, preferenceLines, profileModel, profileName, profileTagline, safeLinks } from './profile-view-model';

describe('the display profile', () => {
  it('names a founder by first and last name and an advisor by name, with the position as tagline', () => {
    expect(profileName(founderDetails())).toBe('Ada Lovelace');
    expect(profileTagline(founderDetails())).toBe('Building analytical engines');
    expect(profileName(advisorDetails())).toBe('Helen Park');
    expect(profileTagline(advisorDetails())).toBe('Former VP Product');
  });

  it('gives no tagline for a blank one and a neutral name for a blank name', () => {
    expect(profileTagline(founderDetails({ tagline: '   ' }))).toBeNull();
    expect(profileTagline(advisorDetails({ position: null }))).toBeNull();
    expect(profileName(advisorDetails({ name: '  ' }))).toBe('FounderMesh member');
  });
});

describe('safeLinks', () => {
  it('keeps http and https links and drops every other scheme and garbage', () => {
    const links = safeLinks([
      { label: 'Blog', url: 'https://www.ada.example/blog' },
      { label: 'Old', url: 'http://ada.example' },
      { label: 'Evil', url: 'javascript:alert(1)' },
      { label: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
      { label: 'Mail', url: 'mailto:ada@example.com' },
      { label: 'Broken', url: 'not a url' },
    ]);
    expect(links).toEqual([
      { label: 'Blog', url: 'https://www.ada.example/blog', host: 'ada.example' },
      { label: 'Old', url: 'http://ada.example/', host: 'ada.example' },
    ]);
  });

  it('labels a link by its host when the label is blank', () => {
    expect(safeLinks([{ label: ' ', url: 'https://github.com/ada' }])[0]!.label).toBe('github.com');
  });
});

describe('paragraphs', () => {
  it('splits at blank lines, keeps single line breaks and drops empty parts', () => {
    expect(paragraphs('One\nstill one\r\n\r\n\n Two \n  \nThree')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(paragraphs(null)).toEqual([]);
    expect(paragraphs('  \n\n ')).toEqual([]);
  });
});

describe('joinedLabel and listInWords', () => {
  it('says the month and year the member joined, in UTC', () => {
    expect(joinedLabel('2026-03-31T23:30:00.000Z')).toBe('Joined March 2026');
    expect(joinedLabel('never')).toBe('');
  });

  it('joins words with commas and a last conjunction', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b'])).toBe('a or b');
    expect(listInWords(['a', 'b', 'c'], 'and')).toBe('a, b and c');
  });
});

describe('preferenceLines', () => {
  it('puts must-haves before nice-to-haves and leaves out what the founder does not care about', () => {
    const lines = preferenceLines({
      skills: { value: ['engineering', 'design'], importance: 'nice-to-have' },
      technical: { value: 'technical', importance: 'must-have' },
      commitment: { value: 'full-time', importance: 'dont-care' },
      location: { value: 'remote-ok', importance: 'nice-to-have' },
      industries: { importance: 'must-have' },
      ideaStage: { value: ['prototype', 'launched'], importance: 'nice-to-have' },
    });
    expect(lines.map((line) => `${line.importanceLabel}: ${line.text}`)).toEqual([
      'Must have: technical co-founder',
      'Must have: an industry in common',
      'Nice to have: skills in Engineering or Design',
      'Nice to have: same city or open to remote work',
      'Nice to have: idea stage: A prototype or Launched',
    ]);
  });

  it('says the commitment and a same-city wish in words', () => {
    const lines = preferenceLines({
      commitment: { value: 'part-time', importance: 'must-have' },
      location: { value: 'same-city', importance: 'must-have' },
    });
    expect(lines.map((line) => line.text)).toEqual(['part time commitment', 'based in the same city']);
  });

  it('is empty for no preferences', () => {
    expect(preferenceLines({})).toEqual([]);
  });
});

describe('profileModel', () => {
  it('builds a founder page: pictures under the media base, facts, chips, bio and preferences', () => {
    const model = profileModel(founderDetails(), '/media/');
    expect(model).toMatchObject({
      typeLabel: 'Founder',
      name: 'Ada Lovelace',
      initials: 'AL',
      avatar: { url: '/media/avatars/ada.webp', alt: 'Ada smiling' },
      banner: null,
      city: 'London, United Kingdom',
      openToRemote: true,
      joined: 'Joined March 2026',
      bio: ['I write programs.', 'For engines that do not exist yet.'],
      experience: [],
      lookingForCofounder: true,
    });
    expect(model.facts).toEqual([
      { label: 'Background', value: 'Technical' },
      { label: 'Commitment', value: 'Full time' },
      { label: 'Idea stage', value: 'A prototype' },
    ]);
    expect(model.chips).toEqual([
      { title: 'Skills', items: ['Engineering', 'Product'] },
      { title: 'Industries', items: ['Fintech', 'AI and machine learning'] },
      { title: 'Interests', items: ['poetry', 'looms'] },
    ]);
    expect(model.preferences.map((line) => line.text)).toEqual(['non-technical co-founder']);
  });

  it('shows no preferences for a founder who is not looking, and leaves unknown facts out', () => {
    const model = profileModel(founderDetails({ lookingForCofounder: false, technical: null, commitment: null, ideaStage: null, interests: [] }), '/media/');
    expect(model.preferences).toEqual([]);
    expect(model.facts).toEqual([]);
    expect(model.chips.map((group) => group.title)).toEqual(['Skills', 'Industries']);
  });

  it('builds an advisor page: how they help, years, expertise and experience, banner alt fallback', () => {
    const model = profileModel(advisorDetails(), 'https://cdn.example/m/');
    expect(model.typeLabel).toBe('Advisor');
    expect(model.tagline).toBe('Former VP Product');
    expect(model.avatar).toBeNull();
    expect(model.banner).toEqual({ url: 'https://cdn.example/m/banners/helen.png', alt: "Helen Park's profile banner" });
    expect(model.facts).toEqual([
      { label: 'Helps by', value: 'Mentoring and Advising' },
      { label: 'Experience', value: '15 years' },
    ]);
    expect(model.chips).toEqual([
      { title: 'Expertise', items: ['Pricing', 'Go-to-market'] },
      { title: 'Industries', items: ['B2B software'] },
    ]);
    expect(model.experience).toEqual(['Led product at a large commerce platform.']);
    expect(model.lookingForCofounder).toBe(false);
  });

  it('says one year in the singular', () => {
    expect(profileModel(advisorDetails({ yearsExperience: 1 }), '/media/').facts[1]).toEqual({ label: 'Experience', value: '1 year' });
  });
});
