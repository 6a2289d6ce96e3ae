import { IconCards } from '../components/IconCards.tsx';
import type { About } from '../../core/schema/about.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/Section.tsx';
import type { Crumb } from '../../core/structured-data.ts';

export interface AboutProps {
  site: Site;
  about: About;
  crumbs: Crumb[];
}

/** /ueber-uns: history, four values, team, milestones, certificates. */
export function AboutPage({ site, about, crumbs }: AboutProps) {
  return (
    <>
      <PageHero site={site} heading={about.heading} lead={about.lead} crumbs={crumbs} location="about" />
      <Section id="geschichte" heading={about.history.heading} reveal={false}>
        <div className="prose">
          {about.history.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="werte" heading={about.values.heading} className="section-muted">
        <IconCards items={about.values.items} />
      </Section>
      <Section id="team" heading={about.team.heading} lead={about.team.lead}>
        <ul className="card-grid">
          {about.team.members.map((member) => (
            <li key={member.name} className="card">
              <h3>{member.name}</h3>
              <p className="price-note">{member.role}</p>
              <p>{member.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="meilensteine" heading={about.milestones.heading} className="section-muted">
        <ol className="timeline">
          {about.milestones.items.map((milestone) => (
            <li key={milestone.year}>
              <span className="timeline-year">{milestone.year}</span>
              <div>
                <h3>{milestone.title}</h3>
                <p>{milestone.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="zertifikate" heading={about.certificates.heading}>
        <IconCards items={about.certificates.items} />
      </Section>
      <CallToAction site={site} heading={about.cta.heading} text={about.cta.text} location="about" />
    </>
  );
}
