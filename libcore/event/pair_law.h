/* The pair law (private to the event engine): how the engine predicts a
 * particle's next event and executes what it predicted, chosen when the
 * engine is prepared (pair_law.c; again only where the motion changes,
 * hsf_pair_law_choose) and called through by the handlers
 * (particle_events.h) and the prediction (predict.h), which test no
 * switch of their own.
 *
 * Two laws: the hard sphere's (its prediction the batched search of
 * predict.c, its bounce law_hard.c; elastic hard spheres in a uniform
 * field take it too, predicted on their parabolas by
 * hsf_predict_hard_field), and the model layer's (model/model.h:
 * pair rules, steps, bonds, spin; its prediction predict_model.c, batched
 * or scalar, its events law_model.c); and, for elastic hard spheres in a
 * sheared box, the first where no sliding image is seen and the second
 * where one is (law_sheared.c).  What the run's motion adds
 * (a field, growing radii, moving walls, a sheared box) is folded in when
 * the law is chosen: into the variant of its functions and into the
 * description below, not tested as the system's switches at each event.
 *
 * To change a contact law: the model's rules (model/rules.c) and pair
 * event (model/model_events.c, hsf_pair_event of model/rules.c); the
 * hard sphere's bounce (law_hard.c, hsf_pair_collide); their predictions
 * (predict.c, predict_model.c, pair_search.h and what it includes),
 * whose scalar and batched solvers must agree to the bit. */
#ifndef HSF_EVENT_PAIR_LAW_H
#define HSF_EVENT_PAIR_LAW_H

#include <stdint.h>

#include <hsframe/queue.h>

#include "host/error_private.h"

struct hsf_event_engine;
struct crossing;
struct prediction;

typedef struct hsf_pair_law {
    /* Particle i's next event from the system's time into *p (predict.h:
     * cross, the crossing that calls for it, or NULL).  Returns 0, or -1
     * with err set. */
    int (*predict)(const struct hsf_event_engine *e, uint32_t i, const struct crossing *cross,
                   struct prediction *p, hsf_error *err);
    /* The pair event of i and j, both brought to the event's time and
     * their event not stale: the bounce (or the model's step), the
     * bookkeeping, the predictions it calls for and the outputs told.
     * Returns 0 or -1 with err set. */
    int (*execute)(struct hsf_event_engine *e, uint32_t i, uint32_t j, double t, hsf_error *err);
    /* Particle i (brought to the event's time) bounces off wall ev->object:
     * its new velocity, the model's spin and growth's push taken; returns
     * the impulse given to the wall. */
    double (*wall)(struct hsf_event_engine *e, uint32_t i, const hsf_event *ev);

    /* The motion the law predicts on, from the run (the model path's):
     * HSF_PATH_FIELD, HSF_PATH_GROWING or none (hsframe/boundary.h), the field's
     * acceleration (0 without one), and whether the walls move (their
     * first_hit is asked, next_hit knows no time). */
    unsigned path_motion;
    double gravity[3];
    int walls_move;
    /* The sheared box's gradient axis, where a cell crossing out of the
     * box enters a sliding image (shared/shear.h); -1 without one. */
    int slide_axis;
    /* A sheared box whose pairs are all cores on straight lines (one rule
     * without steps, no field, no growth, no bonds): the candidates
     * through the sliding images are solved in batches. */
    int slide_batched;
} hsf_pair_law;

/* Chooses e's law for its system: the hard sphere's without a model or
 * for elastic hard spheres in a field (hsf_model_only_falls), else the
 * model's, with the run's motion.  Called when the engine is
 * prepared (after the search is built), and again where the motion can
 * change: at a compression's rescale (the growth ends) and after a
 * checkpoint is read. */
void hsf_pair_law_choose(struct hsf_event_engine *e);

/* The laws' functions (predict.c, predict_model.c, law_hard.c,
 * law_model.c). */
int hsf_predict_hard(const struct hsf_event_engine *e, uint32_t i, const struct crossing *cross,
                     struct prediction *p, hsf_error *err);
int hsf_predict_hard_field(const struct hsf_event_engine *e, uint32_t i,
                           const struct crossing *cross, struct prediction *p, hsf_error *err);
int hsf_predict_model(const struct hsf_event_engine *e, uint32_t i,
                      const struct crossing *cross, struct prediction *p, hsf_error *err);
int hsf_predict_model_batched(const struct hsf_event_engine *e, uint32_t i,
                              const struct crossing *cross, struct prediction *p,
                              hsf_error *err);
int hsf_predict_model_sheared(const struct hsf_event_engine *e, uint32_t i,
                              const struct crossing *cross, struct prediction *p,
                              hsf_error *err);
int hsf_predict_model_sheared_lists(const struct hsf_event_engine *e, uint32_t i,
                                    const struct crossing *cross, struct prediction *p,
                                    hsf_error *err);
int hsf_predict_model_sliding(const struct hsf_event_engine *e, uint32_t i,
                              const struct crossing *cross, struct prediction *p,
                              hsf_error *err);
int hsf_predict_model_sliding_lists(const struct hsf_event_engine *e, uint32_t i,
                                    const struct crossing *cross, struct prediction *p,
                                    hsf_error *err);
int hsf_execute_hard(struct hsf_event_engine *e, uint32_t i, uint32_t j, double t,
                     hsf_error *err);
int hsf_execute_model(struct hsf_event_engine *e, uint32_t i, uint32_t j, double t,
                      hsf_error *err);
double hsf_wall_hard(struct hsf_event_engine *e, uint32_t i, const hsf_event *ev);
void hsf_pair_law_model(struct hsf_event_engine *e, hsf_pair_law *law);
/* Sheared elastic hard spheres (law_sheared.c): the hard sphere's
 * prediction and bounce wherever no sliding image is seen, the model's
 * through the sliding images.  Returns 1 if it changed law for e's
 * system (a sheared box of elastic hard spheres with cells or lists, and
 * nothing else of the model's: no spin, fixed particles, moving walls),
 * else 0 (law unchanged).  Called by hsf_pair_law_model. */
int hsf_pair_law_sheared_hard(struct hsf_event_engine *e, hsf_pair_law *law);

#endif
