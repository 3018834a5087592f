/* Sheared elastic hard spheres (pair_law.h): a sliding image costs an
 * offset where it is seen, not the model's path everywhere.  A particle
 * whose search reaches no gradient face (shared/shear.h,
 * hsf_shear_near_faces: its block of cells, or its neighbour list, whose
 * renewal found no image across those faces) sees only the periodic
 * images, and is predicted as in an unsheared box (hsf_predict_hard); one
 * near the faces through the images as they slide (the model's sheared
 * search).  A pair not across the gradient faces bounces as hard spheres
 * do (hsf_execute_hard); one across them through the image's velocity
 * (hsf_execute_model), whose work the images supply (shear.work).  The
 * model of the hard sphere's rule stays built: the sliding searches, the
 * audit and the checkpoints read it. */
#include <math.h>

#include "event/predict.h"
#include "model/model.h"
#include "shared/shear.h"

/* With cells: a particle near the gradient faces through the sliding
 * cells (hsf_predict_model_sliding). */
static int predict_sheared_cells(const hsf_event_engine *e, uint32_t i, const crossing *cross,
                                 prediction *p, hsf_error *err)
{
    if (hsf_shear_near_faces(e->sys, i))
        return hsf_predict_model_sliding(e, i, cross, p, err);
    return hsf_predict_hard(e, i, cross, p, err);
}

/* With neighbour lists: a list renewed near the gradient faces through
 * the nearest sliding images (hsf_predict_model_sliding_lists).  The
 * lists are symmetric, but a particle away from the faces is listed by
 * no neighbour through them: that neighbour would be within its reach
 * across the faces. */
static int predict_sheared_lists(const hsf_event_engine *e, uint32_t i, const crossing *cross,
                                 prediction *p, hsf_error *err)
{
    if (hsf_shear_list_near_faces(e->sys, i))
        return hsf_predict_model_sliding_lists(e, i, cross, p, err);
    return hsf_predict_hard(e, i, cross, p, err);
}

static int execute_sheared_hard(hsf_event_engine *e, uint32_t i, uint32_t j, double t,
                                hsf_error *err)
{
    hsf_system *sys = e->sys;
    int g = e->law.slide_axis;
    /* Across the gradient faces as hsf_shear_separation decides it. */
    if (nearbyint((sys->m[i].r[g] - sys->m[j].r[g]) / sys->cells.len[g]) != 0)
        return hsf_execute_model(e, i, j, t, err);
    sys->model->core_collisions++;
    return hsf_execute_hard(e, i, j, t, err);
}

int hsf_pair_law_sheared_hard(hsf_event_engine *e, hsf_pair_law *law)
{
    const hsf_system *sys = e->sys;
    const hsf_model *md = sys->model;
    if (law->slide_axis < 0 || law->path_motion || law->walls_move || sys->n_fixed ||
        md->spin.on || md->last_core || !hsf_model_is_plain(sys) ||
        (sys->search != HSF_SEARCH_CELLS && sys->search != HSF_SEARCH_LISTS))
        return 0;
    /* The hard sphere's prediction reads the motion record's radius: the
     * model's, when no rule reaches beyond the core. */
    for (unsigned a = 0; a < md->n_species; a++)
        if (md->reach[a] != 1)
            return 0;
    if (sys->search == HSF_SEARCH_CELLS)
        law->predict = predict_sheared_cells;
    else if (law->predict == hsf_predict_model_sheared_lists)
        law->predict = predict_sheared_lists;
    else
        return 0;   /* several species: the model's scalar search */
    law->execute = execute_sheared_hard;
    return 1;
}
