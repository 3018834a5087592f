/* Choosing the engine's pair law (pair_law.h), once, when it is prepared. */
#include "event/pair_law.h"
#include "event/predict.h"
#include "model/model.h"
#include "shared/shear.h"

void hsf_pair_law_choose(hsf_event_engine *e)
{
    const hsf_system *sys = e->sys;
    hsf_pair_law *law = &e->law;
    *law = (hsf_pair_law){ .predict = hsf_predict_hard, .execute = hsf_execute_hard,
                           .wall = hsf_wall_hard, .slide_axis = -1 };
    if (hsf_shears(sys))
        law->slide_axis = sys->shear.gradient;
    if (!sys->model)
        return;
    int field = hsf_in_field(sys);
    law->path_motion = (field ? HSF_PATH_FIELD : 0u) |
                       (hsf_model_grows(sys) ? HSF_PATH_GROWING : 0u);
    for (int a = 0; a < 3; a++)
        law->gravity[a] = field ? sys->gravity[a] : 0;
    law->walls_move = hsf_walls_move(sys);
    /* Elastic hard spheres that only fall: the hard-sphere path on
     * parabolas, its search and bounce (cells or all pairs; walls that
     * stand still; nothing sliding). */
    if (field && hsf_model_only_falls(sys) && !law->walls_move && law->slide_axis < 0 &&
        sys->search != HSF_SEARCH_LISTS) {
        law->predict = hsf_predict_hard_field;
        return;
    }
    hsf_pair_law_model(e, law);
}
